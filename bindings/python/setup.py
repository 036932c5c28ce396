"""Builds the extension with CMake (pybind11 from Debian's pybind11-dev / python3-pybind11).

setuptools drives CMake here because Debian bookworm ships setuptools and pybind11's CMake
files but no scikit-build-core, so `pip install --no-build-isolation .` works offline.

The build happens out of the source tree: CMake's build directory and setuptools' own
(`build/`, the egg-info) go under FANORONA_BUILD_DIR, by default a folder of the system's
temporary directory, so installing leaves the checkout as it was. CMake's progress is
printed (pip shows it with -v).

Environment: FANORONA_BUILD_TYPE (Release), FANORONA_BUILD_JOBS (2), FANORONA_WERROR=1
(warnings as errors), FANORONA_SANITIZE=address (an AddressSanitizer build, for tests),
FANORONA_BUILD_DIR (where to build).
"""
import hashlib
import os
import subprocess
import sys
import tempfile

from setuptools import Extension, setup
from setuptools.command.build import build
from setuptools.command.build_ext import build_ext
from setuptools.command.egg_info import egg_info

HERE = os.path.dirname(os.path.abspath(__file__))
# One folder per checkout (CMake refuses a build folder made for another source folder).
_CHECKOUT = hashlib.sha256(HERE.encode()).hexdigest()[:12]
BUILD_DIR = os.environ.get("FANORONA_BUILD_DIR") or os.path.join(tempfile.gettempdir(),
                                                                 f"fanorona-python-build-{os.getuid()}-{_CHECKOUT}")


def progress(message):
    print(f"fanorona: {message}", file=sys.stderr, flush=True)


class OutOfTreeBuild(build):
    def initialize_options(self):
        super().initialize_options()
        self.build_base = os.path.join(BUILD_DIR, "setuptools")


class OutOfTreeEggInfo(egg_info):
    def initialize_options(self):
        super().initialize_options()
        os.makedirs(BUILD_DIR, exist_ok=True)
        self.egg_base = os.path.relpath(BUILD_DIR, HERE)


class CMakeExtension(Extension):
    def __init__(self, name):
        super().__init__(name, sources=[])


class CMakeBuild(build_ext):
    def build_extension(self, ext):
        out = os.path.dirname(os.path.abspath(self.get_ext_fullpath(ext.name)))
        config = os.environ.get("FANORONA_BUILD_TYPE", "Release")
        sanitize = os.environ.get("FANORONA_SANITIZE", "")
        cmake_build = os.path.join(BUILD_DIR, f"cmake-{config}{'-' + sanitize if sanitize else ''}")
        os.makedirs(cmake_build, exist_ok=True)
        args = [
            "cmake", "-S", HERE, "-B", cmake_build,
            f"-DCMAKE_BUILD_TYPE={config}",
            f"-DPython3_EXECUTABLE={sys.executable}",
            f"-DFANORONA_PYTHON_OUTPUT_DIR={out}",
            f"-DFANORONA_PYTHON_WERROR={'ON' if os.environ.get('FANORONA_WERROR') else 'OFF'}",
            f"-DFANORONA_PYTHON_SANITIZE={sanitize}",
        ]
        progress(f"configuring the C++ module with CMake in {cmake_build}")
        subprocess.check_call(args, stdout=sys.stderr)
        jobs = os.environ.get("FANORONA_BUILD_JOBS", "2")
        progress(f"compiling ({config}, {jobs} jobs; a few minutes on two cores)")
        subprocess.check_call(["cmake", "--build", cmake_build, "--config", config, "-j", jobs], stdout=sys.stderr)
        progress("the module is built")


setup(
    ext_modules=[CMakeExtension("fanorona._fanorona")],
    cmdclass={"build": OutOfTreeBuild, "build_ext": CMakeBuild, "egg_info": OutOfTreeEggInfo},
    packages=["fanorona"],
    package_data={"fanorona": ["py.typed", "*.pyi"]},
    zip_safe=False,
)
