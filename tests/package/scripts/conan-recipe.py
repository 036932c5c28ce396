#!/usr/bin/env python3
"""Smoke test of cmake/conan/conanfile.py without Conan.

Conan is not installable on an offline machine, so this loads the recipe with
small stand-ins for the few `conan` APIs it uses and runs its methods the way
`conan create` would: set_version() must read version.hpp, export_sources()
must export what the package needs, package() must lay out include/ and
licenses/, package_info() must name the CMake package fanorona and its target
fanorona::fanorona. A real `conan create cmake/conan` remains the reference
check wherever Conan is available.

usage: conan-recipe.py <source-dir> <work-dir> <expected-version>
"""

import fnmatch
import importlib.util
import os
import shutil
import sys
import types


def install_stubs():
    conan = types.ModuleType("conan")
    errors = types.ModuleType("conan.errors")
    tools = types.ModuleType("conan.tools")
    files = types.ModuleType("conan.tools.files")
    build = types.ModuleType("conan.tools.build")
    layout = types.ModuleType("conan.tools.layout")

    class ConanException(Exception):
        pass

    class ConanFile:  # the attributes the recipe reads or writes
        version = None

    def load(_conanfile, path):
        with open(path, encoding="utf-8") as handle:
            return handle.read()

    def copy(_conanfile, pattern, src, dst, keep_path=True, excludes=None):
        copied = []
        for root, _dirs, names in os.walk(src):
            for name in names:
                full = os.path.join(root, name)
                rel = os.path.relpath(full, src).replace(os.sep, "/")
                if not fnmatch.fnmatch(rel, pattern):
                    continue
                if excludes and any(fnmatch.fnmatch(rel, e) for e in excludes):
                    continue
                target = os.path.join(dst, rel if keep_path else name)
                os.makedirs(os.path.dirname(target), exist_ok=True)
                shutil.copy2(full, target)
                copied.append(target)
        return copied

    calls = {"check_min_cppstd": [], "basic_layout": []}

    def check_min_cppstd(_conanfile, cppstd):
        calls["check_min_cppstd"].append(cppstd)

    def basic_layout(_conanfile, src_folder="."):
        calls["basic_layout"].append(src_folder)

    errors.ConanException = ConanException
    conan.ConanFile = ConanFile
    files.copy, files.load = copy, load
    build.check_min_cppstd = check_min_cppstd
    layout.basic_layout = basic_layout
    for name, module in {"conan": conan, "conan.errors": errors, "conan.tools": tools,
                         "conan.tools.files": files, "conan.tools.build": build,
                         "conan.tools.layout": layout}.items():
        sys.modules[name] = module
    return calls


class Settings:
    def __init__(self, values):
        self.values = values

    def get_safe(self, name):
        return self.values.get(name)


class CppInfo:
    def __init__(self):
        self.properties = {}
        self.bindirs = ["bin"]
        self.libdirs = ["lib"]

    def set_property(self, name, value):
        self.properties[name] = value


class Info:
    cleared = False

    def clear(self):
        self.cleared = True


def fail(message):
    print("FAIL: " + message)
    sys.exit(1)


def main():
    source_dir, work_dir, expected_version = sys.argv[1:4]
    calls = install_stubs()
    recipe_dir = os.path.join(source_dir, "cmake", "conan")
    spec = importlib.util.spec_from_file_location("fanorona_conanfile", os.path.join(recipe_dir, "conanfile.py"))
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    recipes = [v for v in vars(module).values()
               if isinstance(v, type) and v is not sys.modules["conan"].ConanFile
               and issubclass(v, sys.modules["conan"].ConanFile)]
    if len(recipes) != 1:
        fail("expected one ConanFile subclass, found %d" % len(recipes))
    recipe = recipes[0]()

    if recipe.name != "fanorona":
        fail("name is %r" % recipe.name)
    if getattr(recipe, "package_type", None) != "header-library":
        fail("package_type must be 'header-library'")
    if recipe.license != "MIT":
        fail("license is %r" % recipe.license)

    recipe.recipe_folder = recipe_dir
    recipe.set_version()
    if recipe.version != expected_version:
        fail("set_version() gave %r, version.hpp says %r" % (recipe.version, expected_version))

    shutil.rmtree(work_dir, ignore_errors=True)
    recipe.export_sources_folder = os.path.join(work_dir, "export_source")
    recipe.export_sources()
    for rel in ("include/fanorona/fanorona.hpp", "include/fanorona/version.hpp", "LICENSE", "CMakeLists.txt"):
        if not os.path.isfile(os.path.join(recipe.export_sources_folder, rel)):
            fail("export_sources() did not export " + rel)

    recipe.layout()
    if calls["basic_layout"] != ["."]:
        fail("layout() should use basic_layout(src_folder='.')")

    recipe.info = Info()
    recipe.package_id()
    if not recipe.info.cleared:
        fail("package_id() must clear the info: one package for all configurations")

    recipe.settings = Settings({"compiler.cppstd": "17"})
    recipe.validate()
    if calls["check_min_cppstd"] != [17]:
        fail("validate() should check_min_cppstd(self, 17)")

    recipe.source_folder = recipe.export_sources_folder
    recipe.package_folder = os.path.join(work_dir, "package")
    recipe.build()
    recipe.package()
    for rel in ("include/fanorona/fanorona.hpp", "include/fanorona/version.hpp", "licenses/LICENSE"):
        if not os.path.isfile(os.path.join(recipe.package_folder, rel)):
            fail("package() did not produce " + rel)
    extra = sorted(set(os.listdir(recipe.package_folder)) - {"include", "licenses"})
    if extra:
        fail("package folder holds more than include/ and licenses/: %s" % extra)

    recipe.cpp_info = CppInfo()
    recipe.package_info()
    props = recipe.cpp_info.properties
    if props.get("cmake_file_name") != "fanorona":
        fail("cmake_file_name is %r" % props.get("cmake_file_name"))
    if props.get("cmake_target_name") != "fanorona::fanorona":
        fail("cmake_target_name is %r" % props.get("cmake_target_name"))
    if recipe.cpp_info.bindirs or recipe.cpp_info.libdirs:
        fail("a header-only package must have empty bindirs and libdirs")

    print("conan recipe OK: fanorona/%s, header-library, fanorona::fanorona" % recipe.version)
    return 0


if __name__ == "__main__":
    sys.exit(main())
