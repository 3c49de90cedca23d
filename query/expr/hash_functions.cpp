// Hash functions (§17.4.6): the hex digest of the UTF-8 bytes of a simple literal or xsd:string,
// computed with OpenSSL's EVP interface.

#include <openssl/evp.h>

#include "query/expr/builtins.h"
#include "query/expr/values.h"

namespace cairn::query::expr {
namespace {

const EVP_MD* digestOf(Op op) {
  switch (op) {
    case Op::kMd5:
      return EVP_md5();
    case Op::kSha1:
      return EVP_sha1();
    case Op::kSha256:
      return EVP_sha256();
    case Op::kSha384:
      return EVP_sha384();
    case Op::kSha512:
      return EVP_sha512();
    default:
      return nullptr;
  }
}

}  // namespace

std::optional<core::Term> callHashFunction(Op op, Args args) {
  // A language-tagged argument is a type error: the functions are defined on xsd:string only.
  if (!isSimpleOrXsdString(*args[0])) return std::nullopt;
  const EVP_MD* md = digestOf(op);
  if (md == nullptr) return std::nullopt;
  unsigned char digest[EVP_MAX_MD_SIZE];
  unsigned int length = 0;
  const std::string& input = args[0]->value;
  if (EVP_Digest(input.data(), input.size(), digest, &length, md, nullptr) != 1) {
    return std::nullopt;
  }
  static constexpr char kHex[] = "0123456789abcdef";
  std::string hex;
  hex.reserve(2 * length);
  for (unsigned int i = 0; i < length; ++i) {
    hex += kHex[digest[i] >> 4];
    hex += kHex[digest[i] & 15];
  }
  return makeString(std::move(hex));
}

}  // namespace cairn::query::expr
