"""The in-memory caches: one registry (gemmsim.caches), emptied by one call, keyed by content."""

import ast
import importlib
import pkgutil
from dataclasses import replace
from pathlib import Path

import gemmsim
from gemmsim import caches
from gemmsim.caches import ByContent, KeptDict, kept
from gemmsim.frontends.preshuffle import generator
from gemmsim.frontends.preshuffle.analysis import analyze
from gemmsim.hw import load_gpu
from gemmsim.problem import make_config, make_problem
from gemmsim.simulate import predict
from gemmsim.measurements.predictor import Predictor

PACKAGE = Path(gemmsim.__file__).parent
# module-level dicts that are not caches: what they hold is not recomputed (emptying one loses it)
NOT_CACHES = {("frontends/registry.py", "_families")}   # the registered kernel families
SHAPE, TILE = "256x512x1024", "64x128x64"


def _import_every_module():
    for module in pkgutil.walk_packages(gemmsim.__path__, "gemmsim."):
        if module.name != "gemmsim.__main__":
            importlib.import_module(module.name)


def test_clear_empties_every_registered_cache():
    _import_every_module()
    predict(make_problem(SHAPE, "bf16"), make_config(TILE), load_gpu("mi300x"))
    filled = [i.name for i in caches.info() if i.entries]
    assert {"hw.loader.gpus", "frontends.preshuffle.generator._generate", "model.stream.steps",
            "simulate._kept_replay"} <= set(filled)
    caches.clear()
    assert not [i for i in caches.info() if i.entries or i.hits or i.misses]


def test_every_cache_is_made_by_the_registry():
    """No functools cache, and no module-level dict filled as a cache, outside gemmsim/caches.py."""
    found = []
    for path in PACKAGE.rglob("*.py"):
        if path.name == "caches.py" and path.parent == PACKAGE:
            continue
        tree = ast.parse(path.read_text())
        for node in ast.walk(tree):
            if isinstance(node, ast.Attribute) and node.attr in ("lru_cache", "cache") and \
                    isinstance(node.value, ast.Name) and node.value.id == "functools":
                found.append(f"{path.relative_to(PACKAGE)}:{node.lineno} functools.{node.attr}")
            elif isinstance(node, ast.ImportFrom) and node.module == "functools":
                found += [f"{path.relative_to(PACKAGE)}:{node.lineno} {a.name}" for a in node.names
                          if a.name in ("lru_cache", "cache")]
        for node in tree.body:   # module level: an empty dict that the functions fill
            value = node.value if isinstance(node, (ast.Assign, ast.AnnAssign)) else None
            target = node.target if isinstance(node, ast.AnnAssign) else node.targets[0] if value else None
            name = (path.relative_to(PACKAGE).as_posix(), target.id if isinstance(target, ast.Name) else None)
            if (isinstance(value, ast.Dict) and not value.keys or
                    isinstance(value, ast.Call) and isinstance(value.func, ast.Name) and value.func.id == "dict"
                    and not value.args and not value.keywords) and name not in NOT_CACHES:
                found.append(f"{name[0]}:{node.lineno} {name[1]}, a module-level dict")
    assert not found, "\n".join(found)


def test_kept_counts_and_clears():
    calls = []

    @kept(2, "test.squares")
    def square(x):
        calls.append(x)
        return x * x

    assert [square(3), square(3), square(4)] == [9, 9, 16] and calls == [3, 4]
    assert [i for i in caches.info() if i.name == "test.squares"] == [caches.CacheInfo("test.squares", 2, 2, 1, 2)]
    caches.clear()
    square(3)
    assert calls == [3, 4, 3]


def test_a_kept_dict_counts_its_lookups():
    d = KeptDict("test.dict", 8)
    d["a"] = 1
    assert d.get("a") == 1 and d.get("b") is None and d.pop("a") == 1 and d.pop("a", 0) == 0
    assert (d.hits, d.misses) == (2, 2)
    caches.clear()
    assert (len(d), d.hits, d.misses) == (0, 0, 0)


def test_a_per_object_cache_leaves_the_registry_with_its_object():
    import gc

    gc.collect()     # the Predictors of earlier tests in this process (each one a cycle) go first
    predictor = Predictor()
    name = "measurements.predictor.Predictor._prediction"
    assert sum(i.name == name for i in caches.info()) >= 1
    before = sum(i.name == name for i in caches.info())
    del predictor
    gc.collect()
    assert sum(i.name == name for i in caches.info()) == before - 1


class _Fingerprinted:
    def __init__(self, value, fingerprint):
        self.value, self.fingerprint = value, fingerprint

    def __eq__(self, other):
        return self.value == other.value


def test_by_content_keys_are_equal_for_equal_contents_only():
    assert ByContent(_Fingerprinted(1, 7)) == ByContent(_Fingerprinted(1, 7))
    assert hash(ByContent(_Fingerprinted(1, 7))) == hash(ByContent(_Fingerprinted(1, 7)))
    assert ByContent(_Fingerprinted(1, 7)) != ByContent(_Fingerprinted(2, 7))   # a shared fingerprint only misses
    assert ByContent(_Fingerprinted(1, 7)) != ByContent(_Fingerprinted(1, 8))


def test_an_equal_gpu_and_program_built_again_find_the_kept_work():
    """A GPU description loaded again, and the Program generated again for it, hit the caches that
    the first ones filled: the keys are their contents, not the objects."""
    caches.clear()
    problem, config = make_problem(SHAPE, "bf16"), make_config(TILE)
    gpu = load_gpu("mi300x")
    first = predict(problem, config, gpu)
    again = replace(gpu)                       # equal content, another object
    assert again is not gpu and again.fingerprint == gpu.fingerprint
    generator._generate.cache_clear()          # the Program too is built again
    program = generator.generate(analyze(problem, config, again), again)
    assert program.fingerprint == generator.generate(analyze(problem, config, gpu), gpu).fingerprint
    replays = next(i for i in caches.info() if i.name == "simulate._kept_replay")
    assert predict(problem, config, again) == first
    assert next(i for i in caches.info() if i.name == "simulate._kept_replay").hits > replays.hits


def test_the_gpu_fingerprint_follows_its_values_not_its_provenance():
    gpu = load_gpu("mi300x")
    assert replace(gpu, provenance={}).fingerprint == gpu.fingerprint
    assert replace(gpu, compute_units=gpu.compute_units - 8).fingerprint != gpu.fingerprint


def test_a_program_fingerprint_is_its_content_or_the_inputs_that_built_it():
    gpu, problem, config = load_gpu("mi300x"), make_problem(SHAPE, "bf16"), make_config(TILE)
    generated = generator.generate(analyze(problem, config, gpu), gpu)   # fingerprinted by the generator's key
    copy, other = replace(generated), replace(generated, grid=(1, 1))     # hashed: every field
    assert copy.fingerprint == replace(generated).fingerprint and other.fingerprint != copy.fingerprint
    assert ByContent(copy) == ByContent(replace(generated)) and ByContent(other) != ByContent(copy)
    # equal contents fingerprinted two ways are two keys: a miss, never a wrong answer
    assert (ByContent(copy) == ByContent(generated)) == (copy.fingerprint == generated.fingerprint)
