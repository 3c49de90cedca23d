#pragma once
// Bulk import: RDF files → a new ledger index (dictionaries, four permutations per graph,
// statistics, index root), published atomically as the ledger's head at the very end. Until that
// last step nothing is visible: a failed import leaves a new ledger uncreated and an existing one
// unchanged (its written blobs are unreachable garbage for a later collection).
//
// Phases: parse + encode (parallel, spilling past the memory budget) → merge batch vocabularies
// into sorted dictionaries → remap ids → sort the four orders (in memory, or sorted runs merged
// from disk) → build permutation trees and statistics → publish.

#include "index/import/import_options.h"
#include "storage/blob_store.h"

namespace cairn::index {

// Throws core::Error: kSyntaxError (with line/column), kInvalidArgument, kNotFound (input file),
// kAlreadyExists (ledger exists and !replace), kStorageError.
ImportReport bulkImport(storage::BlobStore& blobs, storage::HeadStore& heads,
                        const ImportOptions& options, ImportProgress& progress);

}  // namespace cairn::index
