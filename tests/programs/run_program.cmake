# Runs one guest program under standin and compares it with CPython (or with the
# committed NAME.expected / NAME.expected_error). Arguments: STANDIN, PYTHON, PROGRAM,
# and optionally STANDIN_OPTIONS (a ;-list given to `standin run` before the file,
# e.g. --compile-all for the compiled-vs-eager differential).
cmake_minimum_required(VERSION 3.21)

function(last_line text out)
    string(REGEX REPLACE "[\r\n]+$" "" text "${text}")
    string(FIND "${text}" "\n" pos REVERSE)
    if(pos EQUAL -1)
        set(${out} "${text}" PARENT_SCOPE)
    else()
        math(EXPR pos "${pos} + 1")
        string(SUBSTRING "${text}" ${pos} -1 line)
        set(${out} "${line}" PARENT_SCOPE)
    endif()
endfunction()

get_filename_component(dir "${PROGRAM}" DIRECTORY)
get_filename_component(name "${PROGRAM}" NAME_WE)
# Run by its name in its own folder, so that file names printed (tracebacks,
# Dynamo's logs) do not depend on where the checkout lives.
execute_process(COMMAND "${STANDIN}" run ${STANDIN_OPTIONS} "${name}.py"
    WORKING_DIRECTORY "${dir}"
    OUTPUT_VARIABLE out ERROR_VARIABLE err RESULT_VARIABLE rc)
if(NOT rc MATCHES "^[0-9]+$")
    message(FATAL_ERROR "standin crashed (${rc}) on ${PROGRAM}\nstderr:\n${err}")
endif()
if(err MATCHES "AddressSanitizer|LeakSanitizer|runtime error:")
    message(FATAL_ERROR "sanitizer report on ${PROGRAM}:\n${err}")
endif()

if(EXISTS "${dir}/${name}.expected")
    file(READ "${dir}/${name}.expected" want_out)
    set(want_rc 0)
    set(want_err "")
    if(EXISTS "${dir}/${name}.expected_error")
        file(READ "${dir}/${name}.expected_error" want_err)
        set(want_rc 1)
    endif()
    set(reference "${name}.expected")
elseif(PYTHON)
    execute_process(COMMAND "${PYTHON}" "${name}.py"
        WORKING_DIRECTORY "${dir}"
        OUTPUT_VARIABLE want_out ERROR_VARIABLE want_err RESULT_VARIABLE want_rc)
    set(reference "python3")
else()
    message(STATUS "python3 not found and no ${name}.expected: only checking that ${name}.py runs cleanly")
    if(rc GREATER 1)
        message(FATAL_ERROR "exit status ${rc}\nstderr:\n${err}")
    endif()
    return()
endif()

if(NOT out STREQUAL want_out)
    file(WRITE "${CMAKE_CURRENT_BINARY_DIR}/${name}.standin.out" "${out}")
    file(WRITE "${CMAKE_CURRENT_BINARY_DIR}/${name}.reference.out" "${want_out}")
    message(FATAL_ERROR "stdout differs from ${reference} for ${PROGRAM}\n--- standin:\n${out}\n--- ${reference}:\n${want_out}\n--- standin stderr:\n${err}")
endif()
if(NOT want_rc EQUAL 0 OR NOT rc EQUAL 0)
    if(want_rc EQUAL 0 OR rc EQUAL 0)
        message(FATAL_ERROR "exit status ${rc}, ${reference} gave ${want_rc}\nstderr:\n${err}")
    endif()
    last_line("${err}" got_last)
    last_line("${want_err}" want_last)
    if(NOT got_last STREQUAL want_last)
        message(FATAL_ERROR "last stderr line differs for ${PROGRAM}\n  standin:    ${got_last}\n  ${reference}: ${want_last}\nstandin stderr:\n${err}")
    endif()
endif()
