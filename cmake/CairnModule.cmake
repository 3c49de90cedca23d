# cairn_module(NAME DEPS <targets...>)
# One static library per top-level module, built from every .cpp below the module folder, with a
# cairn::NAME alias. Folders are globbed so adding a file needs no CMake edit.
function(cairn_module name)
  cmake_parse_arguments(ARG "" "" "DEPS" ${ARGN})
  file(GLOB_RECURSE sources CONFIGURE_DEPENDS "${CMAKE_CURRENT_SOURCE_DIR}/*.cpp")
  list(FILTER sources EXCLUDE REGEX ".*_main\\.cpp$")
  if(NOT sources)
    # A module whose code has not landed yet still provides its target, so layering is fixed.
    set(placeholder "${CMAKE_CURRENT_BINARY_DIR}/${name}_empty.cpp")
    file(WRITE "${placeholder}" "")
    set(sources "${placeholder}")
  endif()
  add_library(cairn_${name} STATIC ${sources})
  add_library(cairn::${name} ALIAS cairn_${name})
  target_include_directories(cairn_${name} PUBLIC "${PROJECT_SOURCE_DIR}")
  target_link_libraries(cairn_${name} PUBLIC ${ARG_DEPS})
  cairn_unity_batches(cairn_${name})
endfunction()

# cairn_unity_batches(TARGET): with CAIRN_FAST_BUILD, compiles TARGET in unity batches of 8 files.
# A batch instantiates the templates its files share once, not once per file. Files of a batch
# share a translation unit, so names in anonymous namespaces must not clash within a target (a
# test file whose helpers would clash puts them in a namespace named after the file).
function(cairn_unity_batches target)
  if(CAIRN_FAST_BUILD)
    set_target_properties(${target} PROPERTIES UNITY_BUILD ON UNITY_BUILD_BATCH_SIZE 8)
  endif()
endfunction()
