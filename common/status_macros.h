// Status propagation macros, named like newer Abseil's (this Abseil, 20220623, has none).
#pragma once

#include "absl/status/status.h"
#include "absl/status/statusor.h"

#define GC9_STATUS_CONCAT_INNER_(a, b) a##b
#define GC9_STATUS_CONCAT_(a, b) GC9_STATUS_CONCAT_INNER_(a, b)

// Returns the status from the enclosing function when `expr` is not OK.
#define RETURN_IF_ERROR(expr)                  \
  do {                                         \
    ::absl::Status gc9_status_ = (expr);       \
    if (!gc9_status_.ok()) return gc9_status_; \
  } while (false)

// `ASSIGN_OR_RETURN(auto x, Foo());` unwraps a StatusOr or returns its error.
#define ASSIGN_OR_RETURN(lhs, expr) \
  GC9_ASSIGN_OR_RETURN_IMPL_(GC9_STATUS_CONCAT_(gc9_statusor_, __LINE__), lhs, expr)
#define GC9_ASSIGN_OR_RETURN_IMPL_(statusor, lhs, expr)    \
  auto statusor = (expr);                                  \
  if (!statusor.ok()) return std::move(statusor).status(); \
  lhs = std::move(statusor).value()
