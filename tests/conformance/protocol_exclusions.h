#pragma once
// W3C SPARQL 1.1 Protocol tests (sparql11/protocol/manifest.ttl) that the protocol runner does
// not send to the server, each with its reason. The runner prints every one as EXCLUDED, fails
// on any other failing test, and fails when an entry here names no test of the manifest, so a
// renamed or removed test cannot linger. docs/conformance.md publishes the same list.
//

#include <string_view>

#include <array>

namespace cairn::testing {

struct ProtocolExclusion {
  std::string_view test;  // the test's local name, as the runner prints it after "protocol/"
  std::string_view reason;
};

// None today: every test of the manifest is sent and must pass.
inline constexpr std::array<ProtocolExclusion, 0> kProtocolExclusions{};

inline const ProtocolExclusion* findProtocolExclusion(std::string_view test) {
  for (const ProtocolExclusion& e : kProtocolExclusions) {
    if (e.test == test) return &e;
  }
  return nullptr;
}

}  // namespace cairn::testing
