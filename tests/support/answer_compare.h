#pragma once
// Comparing an engine answer with the naive evaluator's, for differential tests: multisets modulo
// blank nodes, sequences when the case orders by every projected variable, graphs up to
// isomorphism; and both answers as text for failure messages.

#include <string>
#include <vector>

#include "sparql/results/collecting_sink.h"
#include "tests/support/naive_evaluator.h"
#include "tests/support/random_queries.h"

namespace cairn::testing {

// Empty when the answers agree, else why not.
std::string compareAnswers(const RandomCase& c, const NaiveResult& expected,
                           const sparql::results::CollectedResult& actual);
// One line per row (tab-separated N-Triples terms, UNDEF for unbound).
std::string rowsText(const std::vector<TermRow>& rows);
// The rows or triples of an answer, for failure messages.
std::string answerText(const NaiveResult& expected);
std::string answerText(const sparql::results::CollectedResult& actual);

}  // namespace cairn::testing
