#include "sparql/results/result_writer.h"

#include "sparql/results/csv_tsv_writer.h"
#include "sparql/results/graph_writers.h"
#include "sparql/results/json_writer.h"
#include "sparql/results/jsonld_writer.h"
#include "sparql/results/rdfxml_writer.h"
#include "sparql/results/table_writer.h"
#include "sparql/results/xml_writer.h"

namespace cairn::sparql::results {

std::unique_ptr<query::ResultSink> makeResultWriter(ResultFormat format, ByteOutput& out,
                                                    const WriterOptions& options) {
  switch (format) {
    case ResultFormat::kJson:
      return std::make_unique<JsonResultWriter>(out, options);
    case ResultFormat::kXml:
      return std::make_unique<XmlResultWriter>(out, options);
    case ResultFormat::kCsv:
      return std::make_unique<CsvResultWriter>(out, options);
    case ResultFormat::kTsv:
      return std::make_unique<TsvResultWriter>(out, options);
    case ResultFormat::kNTriples:
      return std::make_unique<NTriplesWriter>(out, options);
    case ResultFormat::kTurtle:
      return std::make_unique<TurtleWriter>(out, options);
    case ResultFormat::kTable:
      return std::make_unique<TableWriter>(out, options);
    case ResultFormat::kJsonLd:
      return std::make_unique<JsonLdWriter>(out, options);
    case ResultFormat::kRdfXml:
      return std::make_unique<RdfXmlWriter>(out, options);
  }
  return nullptr;
}

}  // namespace cairn::sparql::results
