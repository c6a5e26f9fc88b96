# Tests that `./gc9 test --sanitize` skips (label sanitize_slow), so that CI with both suites
# stays within its time; the normal `./gc9 test` runs them all. Under ASan and UBSan the suite
# takes 3-10 times its normal time, these 12-35 times, and together they were about half of
# the sanitized run:
#   - the Granlem perft divides of millions of leaves (every depth 5 and most depth 4 ones); the
#     smaller divides and the random games against the reference still run sanitized;
#   - the two allocator tests that simulate thousands of whole placement studies;
#   - the bench signature (the bench's full searches; the other search tests still run).
# The tests are found by gtest at build time, so the label is set by a script that ctest runs
# after reading the discovered names (the directory's TEST_INCLUDE_FILES).
function(gc9_sanitize_slow directory target regex)
  set(script ${CMAKE_BINARY_DIR}/sanitize_slow/${target}.cmake)
  file(WRITE ${script}
    "foreach(test IN LISTS ${target}_TESTS)\n"
    "  if(test MATCHES [=[${regex}]=])\n"
    "    set_tests_properties(\"\${test}\" PROPERTIES LABELS sanitize_slow)\n"
    "  endif()\n"
    "endforeach()\n")
  set_property(DIRECTORY ${directory} APPEND PROPERTY TEST_INCLUDE_FILES ${script})
endfunction()

gc9_sanitize_slow(${PROJECT_SOURCE_DIR}/tests/oracle gc9_oracle_granlem_oracle_test
  "DivideMatchesTheReference/granlem(-multimove)? depth (5|4: (oliphant|bent|pawns|multi-leg|multimove: three))")
gc9_sanitize_slow(${PROJECT_SOURCE_DIR}/coordinator/study gc9_coordinator_study_test
  "^AllocatorTest\\.(AdaptiveFindsTheMaxMinPlacementWithFewerGamesThanUniform|FixedReplyIsBestArmIdentification)$")
gc9_sanitize_slow(${PROJECT_SOURCE_DIR}/tests/search gc9_search_test
  "^BenchTest\\.NodeCountIsTheSignature$")
