"""A cache key that is its object's identity.

Some inputs of the caches (a GPU description, a generated Program) are large frozen objects: hashing
or comparing them by value costs more than what the cache saves, and the caller holds the very same
object when the answer repeats. The key holds its object, so the identity stays unique while the
cache entry lives.
"""

from __future__ import annotations


class ByIdentity:
    __slots__ = ("obj",)

    def __init__(self, obj):
        self.obj = obj

    def __hash__(self) -> int:
        return id(self.obj)

    def __eq__(self, other) -> bool:
        return isinstance(other, ByIdentity) and other.obj is self.obj
