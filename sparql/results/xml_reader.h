#pragma once
// A small, non-validating XML 1.0 reader that builds an element tree with namespaces resolved:
// enough for SPARQL Query Results XML (from a remote endpoint or a test file) and similarly
// simple vocabularies. It handles the prolog, comments, processing instructions, CDATA, the
// predefined entities and character references, and skips a DOCTYPE; it does not expand
// entities a DTD declares (they are errors) and does not check that names are XML names.
// Line ends are normalized to LF, attribute whitespace to spaces, as the XML spec requires.

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace cairn::sparql::results {

inline constexpr std::string_view kXmlNamespace = "http://www.w3.org/XML/1998/namespace";

struct XmlAttribute {
  std::string namespaceUri;  // empty for unprefixed attributes
  std::string localName;
  std::string value;
};

struct XmlElement {
  std::string namespaceUri;  // empty when no default namespace is in scope
  std::string localName;
  std::vector<XmlAttribute> attributes;  // xmlns declarations are not listed
  std::vector<XmlElement> children;
  // The character data directly inside this element (children's text excluded), concatenated.
  std::string text;
  uint64_t line = 0;  // where the start tag begins

  const XmlAttribute* attribute(std::string_view namespaceUri, std::string_view localName) const;
  // The first child with this local name (any namespace), or nullptr.
  const XmlElement* child(std::string_view localName) const;
};

// Parses a whole document and returns its root element. Throws core::Error(kSyntaxError) with
// line and column on malformed input. Nesting deeper than 512 elements is rejected.
XmlElement parseXml(std::string_view document);

}  // namespace cairn::sparql::results
