"""The type stubs describe what the module really has: every public name of the package and
every public member of each class is in a .pyi file, and nothing in the stubs is missing at run time."""
import ast
import os

import fanorona
from fanorona import _fanorona, env

STUBS = os.path.join(os.path.dirname(fanorona.__file__))


def stub_tree(name):
    path = os.path.join(STUBS, name)
    assert os.path.exists(path), f"{name} is not installed with the package"
    with open(path) as fh:
        return ast.parse(fh.read())


def top_names(tree):
    names = {}
    for node in tree.body:
        if isinstance(node, ast.ClassDef):
            names[node.name] = {n.name if isinstance(n, (ast.FunctionDef,)) else getattr(n.target, "id", None)
                                for n in node.body if isinstance(n, (ast.FunctionDef, ast.AnnAssign))}
        elif isinstance(node, ast.FunctionDef):
            names[node.name] = set()
        elif isinstance(node, ast.Assign):
            for t in node.targets:
                names[t.id] = None
        elif isinstance(node, ast.AnnAssign):
            names[node.target.id] = set()
        elif isinstance(node, ast.ImportFrom):
            for a in node.names:
                names[a.asname or a.name] = set()
    return names


def test_package_stub_covers_the_package():
    stub = top_names(stub_tree("__init__.pyi"))
    public = {n for n in dir(fanorona) if not n.startswith("_") and n not in ("env",)}
    assert public - set(stub) == set()
    assert {n for n in stub if not n.startswith("_") and (not n[0].isupper() or n in public)} - public - {"PointLike"} == set()


def test_core_stub_covers_every_class_member():
    stub = top_names(stub_tree("_fanorona.pyi"))
    for name in dir(_fanorona):
        if name.startswith("_"):
            continue
        assert name in stub, name
        members = stub[name]
        if not members or not name.endswith("_9x5"):
            continue
        cls = getattr(_fanorona, name)
        runtime = {m for m in dir(cls) if not m.startswith("__")} - {"_pybind11_conduit_v1_"}
        assert runtime - members == set(), name
        assert {m for m in members if m and not m.startswith("__")} - runtime == set(), name


def test_env_stub_covers_the_env():
    stub = top_names(stub_tree("env.pyi"))
    for cls in (env.FanoronaEnv, env.FanoronaBatchEnv):
        runtime = {m for m in vars(cls) if not m.startswith("_")}
        assert runtime - stub[cls.__name__] == set(), cls.__name__


def test_every_binding_has_a_docstring():
    import inspect

    missing = []
    for name in dir(_fanorona):
        obj = getattr(_fanorona, name)
        if name.startswith("_"):
            continue
        if inspect.isclass(obj) and name.endswith(("_9x5", "_5x5", "_3x3")):
            for member, value in vars(obj).items():
                if member.startswith("__"):
                    continue
                doc = getattr(value, "__doc__", None) or ""
                if isinstance(value, property) and value.fget is not None:
                    doc = doc or (value.fget.__doc__ or "")
                text = [line for line in doc.splitlines() if line.strip() and not line.startswith(member + "(")
                        and "Overloaded" not in line]
                if not text:
                    missing.append(f"{name}.{member}")
        elif callable(obj) and not inspect.isclass(obj):
            if len([line for line in (obj.__doc__ or "").splitlines() if line.strip()]) < 2:
                missing.append(name)
    assert missing == []
