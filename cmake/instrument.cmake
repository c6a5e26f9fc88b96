# Instrumented builds, each in its own build folder (./gc9 test --sanitize, ./gc9 fuzz).
#
# GC9_SANITIZE: the whole suite under AddressSanitizer and UndefinedBehaviorSanitizer. Any
# report ends the process with an error, so a finding fails its test instead of scrolling by.
# -O1 keeps the build and the run affordable on CI's two cores; -g1 gives line numbers.
#
# GC9_TSAN: ThreadSanitizer, run by hand on the threaded tests (README, "Sanitizers").
#
# GC9_FUZZ: libFuzzer targets (tests/fuzz), with clang: coverage instrumentation for the
# fuzzer plus ASan and UBSan on everything, so that a memory error found in a parser is a
# crash the fuzzer keeps.
option(GC9_SANITIZE "Build with AddressSanitizer and UndefinedBehaviorSanitizer" OFF)
option(GC9_TSAN "Build with ThreadSanitizer" OFF)
option(GC9_FUZZ "Build the libFuzzer targets (clang)" OFF)

set(gc9_sanitizers -fsanitize=address,undefined -fno-sanitize-recover=all
  -fno-omit-frame-pointer)
if((GC9_SANITIZE AND GC9_FUZZ) OR (GC9_TSAN AND (GC9_SANITIZE OR GC9_FUZZ)))
  message(FATAL_ERROR "GC9_SANITIZE, GC9_TSAN and GC9_FUZZ are separate build folders")
elseif(GC9_SANITIZE)
  add_compile_options(${gc9_sanitizers})
  add_link_options(-fsanitize=address,undefined)
  set(CMAKE_CXX_FLAGS_RELEASE "-O1 -g1 -DNDEBUG")
elseif(GC9_TSAN)
  add_compile_options(-fsanitize=thread -fno-omit-frame-pointer)
  add_link_options(-fsanitize=thread)
  set(CMAKE_CXX_FLAGS_RELEASE "-O1 -g1 -DNDEBUG")
elseif(GC9_FUZZ)
  if(NOT CMAKE_CXX_COMPILER_ID STREQUAL "Clang")
    message(FATAL_ERROR "GC9_FUZZ needs clang (CMAKE_CXX_COMPILER=clang++)")
  endif()
  add_compile_options(-fsanitize=fuzzer-no-link ${gc9_sanitizers})
  add_link_options(-fsanitize=address,undefined)
  set(CMAKE_CXX_FLAGS_RELEASE "-O1 -g -DNDEBUG")
endif()
