# A test that can only fail, with a message: cmake -DMESSAGE=... -P fail_with_message.cmake
message(FATAL_ERROR "${MESSAGE}")
