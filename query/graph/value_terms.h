#pragma once
// Cypher scalar values as the RDF literals the store keeps (docs/cypher.md "Values"): the one
// mapping the Cypher writer, the snapshot GraphAccess and the engine's ValueId bridge share, so
// a computed 42 and a stored 42 are one term (and one id).
//
//   boolean        "true"^^xsd:boolean            integer   "42"^^xsd:integer (canonical)
//   float          "4.2E0"^^xsd:double            string    "s" (xsd:string)
//   date           "2020-01-01"^^xsd:date
//   localdatetime  "2020-01-01T10:00:00"^^xsd:dateTime (no zone)
//   localtime      "10:00:00"^^xsd:time (no zone)
//   others (time, datetime with offset or zone, duration): a literal of datatype
//   urn:cairn:sys:<Kind> whose lexical form is the value's Cypher text, so nothing is lost
//   (xsd cannot say a named zone or a duration with mixed signs).
//
// Lists, maps, nodes, relationships, paths and null are not terms: valueToTerm gives nullopt.

#include <optional>
#include <string_view>

#include "core/term.h"
#include "query/value/value.h"

namespace cairn::query::graph {

// Datatypes of the Cypher values xsd cannot hold (lexical form: the value's Cypher text).
inline constexpr std::string_view kTimeDatatype = "urn:cairn:sys:Time";
inline constexpr std::string_view kDateTimeDatatype = "urn:cairn:sys:DateTime";
inline constexpr std::string_view kDurationDatatype = "urn:cairn:sys:Duration";

// The literal of a scalar value; nullopt for null, lists, maps and graph entities.
std::optional<core::Term> valueToTerm(const value::Value& v);

// The value of a literal: the inverse of valueToTerm for its literals, and for other RDF
// literals the nearest Cypher value (numeric XSD types → integer or float, other literals →
// their lexical form as a string). IRIs and blank nodes are not values here: nullopt.
std::optional<value::Value> termToValue(const core::Term& term);

}  // namespace cairn::query::graph
