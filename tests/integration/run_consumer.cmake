# Configures, builds and runs a tiny consumer project of standin, the way a user would:
#   MODE=find_package:     install this build tree to WORK_DIR/prefix, then
#                          find_package(standin CONFIG REQUIRED) with CMAKE_PREFIX_PATH there;
#   MODE=add_subdirectory: add_subdirectory(<standin source tree>);
#   LIBRARY: the target the consumer links, standin::standin (header-only, the
#   default) or standin::standin_compiled.
# Run by CTest (tests/CMakeLists.txt passes every -D below); output goes to the test log.
foreach(required IN ITEMS MODE STANDIN_SOURCE_DIR STANDIN_BINARY_DIR CONSUMER_SOURCE_DIR
                          WORK_DIR GENERATOR CXX_COMPILER)
    if(NOT ${required})
        message(FATAL_ERROR "run_consumer.cmake: -D${required}=... is required")
    endif()
endforeach()

function(run_step description)
    message(STATUS "${description}")
    execute_process(COMMAND ${ARGN} RESULT_VARIABLE status COMMAND_ECHO STDOUT)
    if(NOT status EQUAL 0)
        message(FATAL_ERROR "${description}: failed (exit status ${status})")
    endif()
endfunction()

# Start from nothing: a stale prefix could hide a missing install rule.
file(REMOVE_RECURSE "${WORK_DIR}")
file(MAKE_DIRECTORY "${WORK_DIR}")
set(consumer_build "${WORK_DIR}/build")

set(configure_args
    -S "${CONSUMER_SOURCE_DIR}" -B "${consumer_build}" -G "${GENERATOR}"
    "-DCMAKE_CXX_COMPILER=${CXX_COMPILER}"
    "-DCMAKE_CXX_FLAGS=${CXX_FLAGS}"
    "-DCMAKE_FIND_USE_PACKAGE_REGISTRY=OFF")
if(MAKE_PROGRAM)
    list(APPEND configure_args "-DCMAKE_MAKE_PROGRAM=${MAKE_PROGRAM}")
endif()
# The consumer checks the package (targets, include paths, install rules), not speed:
# it builds as Debug whatever this build's type, which also checks that a Debug
# consumer links an installed RelWithDebInfo standin_compiled. An optimised build of
# the whole library in one TU costs minutes on two cores; -O0 costs well under one.
list(APPEND configure_args "-DCMAKE_BUILD_TYPE=Debug")
if(LAUNCHER)
    list(APPEND configure_args "-DCMAKE_CXX_COMPILER_LAUNCHER=${LAUNCHER}")
endif()
if(LIBRARY)
    list(APPEND configure_args "-DSTANDIN_LIBRARY=${LIBRARY}")
endif()
if(BOOST_DIR)
    list(APPEND configure_args "-DBoost_DIR=${BOOST_DIR}")
endif()

if(MODE STREQUAL "find_package")
    set(prefix "${WORK_DIR}/prefix")
    set(install_args --install "${STANDIN_BINARY_DIR}" --prefix "${prefix}")
    if(BUILD_TYPE)
        list(APPEND install_args --config "${BUILD_TYPE}")
    endif()
    run_step("install standin to ${prefix}" "${CMAKE_COMMAND}" ${install_args})
    if(NOT EXISTS "${prefix}/include/standin/standin.hpp")
        message(FATAL_ERROR "the install did not put include/standin/standin.hpp under ${prefix}")
    endif()
    list(APPEND configure_args "-DCMAKE_PREFIX_PATH=${prefix}")
elseif(MODE STREQUAL "add_subdirectory")
    list(APPEND configure_args "-DSTANDIN_SOURCE_DIR=${STANDIN_SOURCE_DIR}")
else()
    message(FATAL_ERROR "run_consumer.cmake: unknown MODE '${MODE}'")
endif()

run_step("configure the ${MODE} consumer" "${CMAKE_COMMAND}" ${configure_args})

if(MODE STREQUAL "find_package")
    # The package must come from the fresh install, not from anywhere else on the machine.
    file(STRINGS "${consumer_build}/CMakeCache.txt" found_dir REGEX "^standin_DIR:")
    string(REGEX REPLACE "^standin_DIR:[A-Z]+=" "" found_dir "${found_dir}")
    file(REAL_PATH "${found_dir}" found_dir)
    file(REAL_PATH "${prefix}" real_prefix)
    string(FIND "${found_dir}" "${real_prefix}/" at)
    if(NOT at EQUAL 0)
        message(FATAL_ERROR "find_package(standin) found '${found_dir}', not the install in '${real_prefix}'")
    endif()
endif()

set(build_args --build "${consumer_build}" --config Debug)
run_step("build the ${MODE} consumer" "${CMAKE_COMMAND}" ${build_args})
run_step("run the ${MODE} consumer" "${consumer_build}/bin/standin_consumer")
