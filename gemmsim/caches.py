"""The process's in-memory caches, in one registry: `info()` says what each holds and how often it
answered, `clear()` empties them all (a test or a benchmark that needs a cold start).

Every cache in gemmsim is made here. `kept(maxsize)` wraps a function in functools.lru_cache;
`KeptDict` is a dict for the caches whose entries are built in steps or evicted by a rule of their own
(stream.py's decoded Steps and streams, the loaded GPU descriptions).

Keys are contents, not identities: a small argument is its own key; a large frozen object (a GPU
description, a generated Program) is keyed through `ByContent`, by a fingerprint the object computes
once and keeps (its `fingerprint` attribute), so an equal object rebuilt later (a GPU file loaded
again, a Program generated again after its cache entry left) finds the answers of the first.
`ByIdentity` is left for the few keys whose answer is a part of the very object asked about (a
comment at each says why a content key does not fit there).
"""

from __future__ import annotations

import functools
import weakref
from dataclasses import dataclass
from typing import Callable

_REGISTRY: list[tuple[str, weakref.ref]] = []   # (name, the cache); a per-object cache leaves with its object


@dataclass(frozen=True)
class CacheInfo:
    name: str
    entries: int
    maxsize: int | None       # None: unbounded (or bounded by a rule of the cache's own)
    hits: int
    misses: int


def kept(maxsize: int | None, name: str | None = None) -> Callable:
    """functools.lru_cache(maxsize), registered (as `name`, else the function's module and name)."""
    def wrap(function: Callable) -> Callable:
        cached = functools.lru_cache(maxsize=maxsize)(function)
        _register(name or _default_name(function), cached)
        return cached
    return wrap


class KeptDict(dict):
    """A registered dict whose `get` and `pop` count hits and misses; its owner decides what it keeps."""

    def __init__(self, name: str, maxsize: int | None = None):
        super().__init__()
        self.maxsize, self.hits, self.misses = maxsize, 0, 0
        _register(name, self)

    def get(self, key, default=None):   # on the decode's path: one call, no helper
        value = dict.get(self, key, _MISSING)
        if value is _MISSING:
            self.misses += 1
            return default
        self.hits += 1
        return value

    def pop(self, key, default=None):
        value = dict.pop(self, key, _MISSING)
        if value is _MISSING:
            self.misses += 1
            return default
        self.hits += 1
        return value


_MISSING = object()


class ByContent:
    """A cache key for a large frozen object: equal for equal contents. Its hash is the object's
    `fingerprint` (computed once per object and kept on it); equal fingerprints are confirmed by
    comparing the objects, so two contents that share a fingerprint only miss, never mix up."""

    __slots__ = ("obj", "fingerprint")

    def __init__(self, obj):
        self.obj = obj
        self.fingerprint = obj.fingerprint

    def __hash__(self) -> int:
        return hash(self.fingerprint)

    def __eq__(self, other) -> bool:
        return isinstance(other, ByContent) and (other.obj is self.obj or (
            other.fingerprint == self.fingerprint and type(other.obj) is type(self.obj) and other.obj == self.obj))


class ByIdentity:
    """A cache key that is its object's identity (the key holds the object, so the identity stays
    unique while the entry lives). Only where the answer is part of that very object."""

    __slots__ = ("obj",)

    def __init__(self, obj):
        self.obj = obj

    def __hash__(self) -> int:
        return id(self.obj)

    def __eq__(self, other) -> bool:
        return isinstance(other, ByIdentity) and other.obj is self.obj


def info() -> list[CacheInfo]:
    """Every live registered cache, in the order they were made."""
    out = []
    for name, cache in _live():
        if isinstance(cache, KeptDict):
            out.append(CacheInfo(name, len(cache), cache.maxsize, cache.hits, cache.misses))
        else:
            stats = cache.cache_info()
            out.append(CacheInfo(name, stats.currsize, stats.maxsize, stats.hits, stats.misses))
    return out


def clear() -> None:
    """Empty every registered cache (and reset its counts)."""
    for _, cache in _live():
        if isinstance(cache, KeptDict):
            cache.clear()
            cache.hits = cache.misses = 0
        else:
            cache.cache_clear()


def _register(name: str, cache) -> None:
    _REGISTRY[:] = [(n, ref) for n, ref in _REGISTRY if ref() is not None]
    _REGISTRY.append((name, weakref.ref(cache)))


def _live():
    return [(name, cache) for name, ref in _REGISTRY if (cache := ref()) is not None]


def _default_name(function: Callable) -> str:
    return f"{function.__module__.removeprefix('gemmsim.')}.{function.__qualname__}"
