#pragma once
// A test procedure as a TCK scenario declares it ("And there exists a procedure
// test.my.proc(in :: INTEGER?) :: (out :: STRING?):" and a table): its qualified name, typed
// inputs and outputs, and the rows it answers with. A backend registers it for one scenario;
// calling it with arguments yields the output columns of the rows whose input columns equal the
// arguments.

#include <string>
#include <vector>

#include "tests/support/tck/feature_reader.h"
#include "tests/support/tck/tck_value.h"

namespace cairn::tck {

struct ProcedureField {
  std::string name;
  std::string type;  // as written: "INTEGER?", "STRING?", "NUMBER?", "FLOAT?"
};

struct ProcedureSpec {
  std::string name;  // "test.my.proc"
  std::vector<ProcedureField> inputs;
  std::vector<ProcedureField> outputs;
  // Each row holds the input values, then the output values (the table's column order).
  std::vector<std::vector<TckValue>> rows;
};

// Reads a StepKind::kProcedure step. Throws std::invalid_argument (or TckValueError for a cell)
// when the signature is malformed or the table's header is not the inputs then the outputs.
ProcedureSpec procedureFromStep(const Step& step);

}  // namespace cairn::tck
