#pragma once
// LOAD for `cairn update`: the user of the command line owns the machine, so LOAD may read any
// local file, named by a file: IRI (file:///abs/path, or file://localhost/abs/path) or by a plain
// path. The format comes from the extension (.nt, .nq, .ttl, .trig, optionally .gz / .zst) and
// the file is parsed by the importer's parsers (NTriplesParser, serd); its relative IRIs resolve
// against the file's own IRI. Other schemes are refused.

#include <string>
#include <string_view>
#include <vector>

#include "core/status.h"
#include "query/algebra/update.h"

namespace cairn::server {

// "file://" + `absolutePath`, percent-encoding what an IRI cannot hold as is (space, controls,
// <>"{}|\^` and %#?). A directory's IRI takes a trailing '/' from its caller.
std::string fileIriOf(std::string_view absolutePath);

// Reads the document `iri` names into quads (graph nullopt: the document's default graph).
// Blank node labels come out as the parsers write them; the update executor gives each LOAD
// (each operation) its own blank nodes. Errors:
// InvalidArgument for a non-local IRI, an unknown extension, a syntax error
// ("file:line:column: message") or a blank node graph name; NotFound / IoError / Corruption
// when the file cannot be read.
core::Result<std::vector<query::Quad>> loadLocalRdf(const std::string& iri);

}  // namespace cairn::server
