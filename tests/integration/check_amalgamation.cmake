# Fails when the committed single_include/standin/standin.hpp differs from what
# scripts/amalgamate.sh generates from include/ now (nlohmann's check-amalgamation).
# cmake -DBASH=... -DSTANDIN_SOURCE_DIR=... -DOUTPUT=<scratch file> -P check_amalgamation.cmake
set(committed "${STANDIN_SOURCE_DIR}/single_include/standin/standin.hpp")
get_filename_component(output_dir "${OUTPUT}" DIRECTORY)
file(MAKE_DIRECTORY "${output_dir}")

execute_process(
    COMMAND "${BASH}" "${STANDIN_SOURCE_DIR}/scripts/amalgamate.sh" --stdout
    OUTPUT_FILE "${OUTPUT}"
    RESULT_VARIABLE status)
if(NOT status EQUAL 0)
    message(FATAL_ERROR "scripts/amalgamate.sh --stdout failed (exit status ${status})")
endif()
if(NOT EXISTS "${committed}")
    message(FATAL_ERROR "single_include/standin/standin.hpp is missing; run scripts/amalgamate.sh")
endif()

execute_process(
    COMMAND "${CMAKE_COMMAND}" -E compare_files "${OUTPUT}" "${committed}"
    RESULT_VARIABLE differs)
if(NOT differs EQUAL 0)
    find_program(DIFF diff)
    if(DIFF)
        execute_process(COMMAND "${DIFF}" -u "${committed}" "${OUTPUT}"
            OUTPUT_VARIABLE difference)
        string(LENGTH "${difference}" length)
        if(length GREATER 4000)
            string(SUBSTRING "${difference}" 0 4000 difference)
            string(APPEND difference "\n[... diff truncated ...]")
        endif()
        message("${difference}")
    endif()
    message(FATAL_ERROR "single_include/standin/standin.hpp is stale; run scripts/amalgamate.sh")
endif()
message(STATUS "single_include/standin/standin.hpp is up to date")
