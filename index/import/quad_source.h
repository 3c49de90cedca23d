#pragma once
// Sorted streams of QuadRows: from memory, from a spilled run, or a k-way merge of several that
// drops duplicates (RDF set semantics). Permutation building consumes one of these.

#include <filesystem>
#include <memory>
#include <span>
#include <vector>

#include "core/status.h"
#include "index/import/quad_row.h"
#include "index/import/spill_file.h"

namespace cairn::index {

class QuadSource {
 public:
  virtual ~QuadSource() = default;
  // Next row; false at the end.
  virtual core::Result<bool> next(QuadRow& row) = 0;
};

std::unique_ptr<QuadSource> spanQuadSource(std::span<const QuadRow> rows);
core::Result<std::unique_ptr<QuadSource>> fileQuadSource(const std::filesystem::path& path);
// Merges sources each sorted in `perm` order into one sorted stream without duplicates.
std::unique_ptr<QuadSource> mergingQuadSource(Permutation perm,
                                              std::vector<std::unique_ptr<QuadSource>> sources);

core::Status writeQuadRun(std::span<const QuadRow> rows, const std::filesystem::path& path);

}  // namespace cairn::index
