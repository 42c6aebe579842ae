# Finds Z3's C++ API. Debian's libz3-dev ships no CMake package, so fall back to the header and
# library on the usual search paths; either way the result is the imported target Z3::Z3.
find_package(Z3 CONFIG QUIET NO_MODULE)
if(Z3_FOUND AND TARGET z3::libz3 AND NOT TARGET Z3::Z3)
  add_library(Z3::Z3 INTERFACE IMPORTED)
  target_link_libraries(Z3::Z3 INTERFACE z3::libz3)
endif()
if(NOT TARGET Z3::Z3)
  find_path(Z3_INCLUDE_DIR NAMES z3++.h PATH_SUFFIXES z3)
  find_library(Z3_LIBRARY NAMES z3 libz3)
  include(FindPackageHandleStandardArgs)
  find_package_handle_standard_args(Z3 REQUIRED_VARS Z3_LIBRARY Z3_INCLUDE_DIR)
  if(Z3_FOUND)
    add_library(Z3::Z3 UNKNOWN IMPORTED)
    set_target_properties(Z3::Z3 PROPERTIES
      IMPORTED_LOCATION "${Z3_LIBRARY}"
      INTERFACE_INCLUDE_DIRECTORIES "${Z3_INCLUDE_DIR}")
  endif()
endif()
