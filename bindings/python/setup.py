"""Builds the extension with CMake (pybind11 from Debian's pybind11-dev / python3-pybind11).

setuptools drives CMake here because Debian bookworm ships setuptools and pybind11's CMake
files but no scikit-build-core, so `pip install --no-build-isolation .` works offline.
"""
import os
import subprocess
import sys

from setuptools import Extension, setup
from setuptools.command.build_ext import build_ext


class CMakeExtension(Extension):
    def __init__(self, name):
        super().__init__(name, sources=[])


class CMakeBuild(build_ext):
    def build_extension(self, ext):
        here = os.path.dirname(os.path.abspath(__file__))
        out = os.path.dirname(os.path.abspath(self.get_ext_fullpath(ext.name)))
        build = os.path.abspath(os.path.join(self.build_temp, "cmake"))
        os.makedirs(build, exist_ok=True)
        config = os.environ.get("FANORONA_BUILD_TYPE", "Release")
        args = [
            "cmake", "-S", here, "-B", build,
            f"-DCMAKE_BUILD_TYPE={config}",
            f"-DPython3_EXECUTABLE={sys.executable}",
            f"-DFANORONA_PYTHON_OUTPUT_DIR={out}",
            f"-DFANORONA_PYTHON_WERROR={'ON' if os.environ.get('FANORONA_WERROR') else 'OFF'}",
        ]
        subprocess.check_call(args)
        jobs = os.environ.get("FANORONA_BUILD_JOBS", "2")
        subprocess.check_call(["cmake", "--build", build, "--config", config, "-j", jobs])


setup(
    ext_modules=[CMakeExtension("fanorona._fanorona")],
    cmdclass={"build_ext": CMakeBuild},
    packages=["fanorona"],
    package_data={"fanorona": ["py.typed", "*.pyi"]},
    zip_safe=False,
)
