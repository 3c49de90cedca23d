#pragma once
// The graph-shaped query forms: CONSTRUCT instantiates its template per solution (§16.2: fresh
// blank nodes per solution; a triple with an unbound or invalid position — a literal subject, a
// non-IRI predicate — is skipped) and DESCRIBE gives each resource's outgoing triples in the
// default graph. Both send each distinct triple to the sink once and return how many they sent.

#include <cstdint>

#include "query/algebra/query.h"
#include "query/engine/result_sink.h"
#include "query/exec/exec_context.h"
#include "query/exec/operator.h"

namespace cairn::query {

uint64_t constructTriples(ExecContext& ctx, Operator& solutions,
                          const std::vector<TriplePattern>& tmpl, ResultSink& sink);

uint64_t describeResources(ExecContext& ctx, Operator& solutions, const Query& query,
                           ResultSink& sink);

}  // namespace cairn::query
