/// @file
/// @brief Library version: the single source of truth for the release number.
///
/// The build system (CMake, the package config version file, pkg-config, the
/// Conan recipe) reads the three `FANORONA_VERSION_*` macros below; the vcpkg
/// manifest carries a literal copy that a test keeps in step.
///
/// Use the macros for preprocessor checks and the `inline constexpr` values in
/// namespace fanorona for ordinary C++ code:
///
/// @code{.cpp}
/// #include <fanorona/fanorona.hpp>
/// static_assert(fanorona::version.major == FANORONA_VERSION_MAJOR);
/// #if FANORONA_VERSION >= FANORONA_VERSION_ENCODE(0, 1, 0)
/// // code that needs 0.1.0 or later
/// #endif
/// @endcode

#ifndef FANORONA_VERSION_HPP
#define FANORONA_VERSION_HPP

/// @brief Major version: incremented for incompatible API changes.
#define FANORONA_VERSION_MAJOR 0
/// @brief Minor version: incremented for added functionality (and, before
/// 1.0, for incompatible changes too).
#define FANORONA_VERSION_MINOR 1
/// @brief Patch version: incremented for compatible bug fixes.
#define FANORONA_VERSION_PATCH 0

/// @cond FANORONA_INTERNAL
#define FANORONA_DETAIL_STRINGIZE_(x) #x
#define FANORONA_DETAIL_STRINGIZE(x) FANORONA_DETAIL_STRINGIZE_(x)
/// @endcond

/// @brief Expands to a string literal such as `"0.1.0"`, built from the three
/// numbers above so that it can never disagree with them.
#define FANORONA_VERSION_STRING                                                \
    FANORONA_DETAIL_STRINGIZE(FANORONA_VERSION_MAJOR)                          \
    "." FANORONA_DETAIL_STRINGIZE(FANORONA_VERSION_MINOR) "." FANORONA_DETAIL_STRINGIZE( \
        FANORONA_VERSION_PATCH)

/// @brief Packs a version triple into one integer comparable with `<`/`>=`.
/// @param major major version (0..)
/// @param minor minor version (0..999)
/// @param patch patch version (0..999)
#define FANORONA_VERSION_ENCODE(major, minor, patch) \
    ((major) * 1000000L + (minor) * 1000L + (patch))

/// @brief The library version packed with FANORONA_VERSION_ENCODE().
#define FANORONA_VERSION                                                  \
    FANORONA_VERSION_ENCODE(FANORONA_VERSION_MAJOR, FANORONA_VERSION_MINOR, \
                            FANORONA_VERSION_PATCH)

namespace fanorona {

/// @addtogroup errors
/// @{

/// @brief A semantic version number (major.minor.patch).
struct version_info {
    int major; ///< Incremented for incompatible API changes.
    int minor; ///< Incremented for added functionality.
    int patch; ///< Incremented for compatible bug fixes.
    const char* string; ///< The same number as text, e.g. `"0.1.0"`.
};

/// @brief The version of the fanorona headers in use, e.g. `{0, 1, 0, "0.1.0"}`.
inline constexpr version_info version{FANORONA_VERSION_MAJOR, FANORONA_VERSION_MINOR,
                                      FANORONA_VERSION_PATCH, FANORONA_VERSION_STRING};

/// @brief Major version, equal to FANORONA_VERSION_MAJOR.
inline constexpr int version_major = FANORONA_VERSION_MAJOR;
/// @brief Minor version, equal to FANORONA_VERSION_MINOR.
inline constexpr int version_minor = FANORONA_VERSION_MINOR;
/// @brief Patch version, equal to FANORONA_VERSION_PATCH.
inline constexpr int version_patch = FANORONA_VERSION_PATCH;
/// @brief Version text, equal to FANORONA_VERSION_STRING.
inline constexpr const char* version_string = FANORONA_VERSION_STRING;

/// @}

} // namespace fanorona

#endif // FANORONA_VERSION_HPP
