"""Conan 2 recipe for fanorona, a header-only C++17 library.

Create the package from a checkout (the recipe reads the sources two folders
up, and the version from include/fanorona/version.hpp):

    conan create cmake/conan --build=missing

which also builds and runs test_package/ against the new package.
"""

import os
import re

from conan import ConanFile
from conan.errors import ConanException
from conan.tools.build import check_min_cppstd
from conan.tools.files import copy, load
from conan.tools.layout import basic_layout

required_conan_version = ">=2.0"


class FanoronaConan(ConanFile):
    name = "fanorona"
    description = "Header-only C++17 rules library for the board game Fanorona"
    license = "MIT"
    topics = ("fanorona", "board-game", "game-rules", "perft", "header-only")
    package_type = "header-library"
    settings = "os", "arch", "compiler", "build_type"
    no_copy_source = True

    @property
    def _checkout(self):
        # The recipe lives in <checkout>/cmake/conan.
        return os.path.abspath(os.path.join(self.recipe_folder, os.pardir, os.pardir))

    def set_version(self):
        # include/fanorona/version.hpp is the single source of truth.
        if self.version:
            return
        header = load(self, os.path.join(self._checkout, "include", "fanorona", "version.hpp"))
        parts = []
        for part in ("MAJOR", "MINOR", "PATCH"):
            match = re.search(r"^#define FANORONA_VERSION_%s +(\d+) *$" % part, header, re.MULTILINE)
            if not match:
                raise ConanException("FANORONA_VERSION_%s not found in version.hpp" % part)
            parts.append(match.group(1))
        self.version = ".".join(parts)

    def export_sources(self):
        # The same set of files a release archive needs: headers, license, and
        # the CMake build for people who want to build from the exported sources.
        for pattern in ("include/*", "LICENSE", "CMakeLists.txt", "cmake/*.cmake", "cmake/*.in"):
            copy(self, pattern, src=self._checkout, dst=self.export_sources_folder)

    def layout(self):
        basic_layout(self, src_folder=".")

    def package_id(self):
        # One package for every configuration: it only holds headers.
        self.info.clear()

    def validate(self):
        if self.settings.get_safe("compiler.cppstd"):
            check_min_cppstd(self, 17)

    def build(self):
        pass  # nothing to build

    def package(self):
        copy(self, "LICENSE", src=self.source_folder, dst=os.path.join(self.package_folder, "licenses"))
        copy(self, "*.hpp", src=os.path.join(self.source_folder, "include"),
             dst=os.path.join(self.package_folder, "include"))

    def package_info(self):
        # find_package(fanorona CONFIG REQUIRED) + fanorona::fanorona, as with
        # the CMake package that `cmake --install` produces.
        self.cpp_info.set_property("cmake_file_name", "fanorona")
        self.cpp_info.set_property("cmake_target_name", "fanorona::fanorona")
        self.cpp_info.set_property("pkg_config_name", "fanorona")
        self.cpp_info.bindirs = []
        self.cpp_info.libdirs = []
