#include "sparql/translate/group_translator.h"

namespace cairn::sparql {

using query::Algebra;
using query::AlgebraKind;
using query::AlgebraPtr;
using query::PatternTerm;
using query::PropertyPath;

query::AlgebraPtr makeUnitTable() { return std::make_shared<query::TableNode>(); }

bool isUnitTable(const Algebra& node) { return node.kind == AlgebraKind::kTable; }

namespace {

// Collects the output of a triples block: adjacent triple patterns share one BGP.
class BlockBuilder {
 public:
  BlockBuilder(FreshVariables& fresh, std::vector<AlgebraPtr>& out) : fresh_(fresh), out_(out) {}

  void triple(PatternTerm s, PatternTerm p, PatternTerm o) {
    if (!bgp_) {
      bgp_ = std::make_shared<query::BgpNode>();
      out_.push_back(bgp_);
    }
    bgp_->triples.push_back({std::move(s), std::move(p), std::move(o)});
  }

  // §18.2.2.4: X link Y, X ^P Y and X P/Q Y expand; other paths stay Path nodes.
  void path(const PatternTerm& s, const PropertyPath& path, const PatternTerm& o) {
    using Kind = PropertyPath::Kind;
    switch (path.kind) {
      case Kind::kLink:
        triple(s, PatternTerm::constant(path.iri), o);
        return;
      case Kind::kInverse:
        this->path(o, path.children.at(0), s);
        return;
      case Kind::kSequence: {
        PatternTerm from = s;
        for (size_t i = 0; i + 1 < path.children.size(); ++i) {
          PatternTerm joint = PatternTerm::var(fresh_.next("p"));
          this->path(from, path.children[i], joint);
          from = joint;
        }
        this->path(from, path.children.back(), o);
        return;
      }
      default: {
        auto node = std::make_shared<query::PathNode>();
        node->subject = s;
        node->path = path;
        node->object = o;
        out_.push_back(std::move(node));
        bgp_.reset();
        return;
      }
    }
  }

 private:
  FreshVariables& fresh_;
  std::vector<AlgebraPtr>& out_;
  std::shared_ptr<query::BgpNode> bgp_;
};

}  // namespace

void translateTriplesBlock(const std::vector<TripleSyntax>& triples, FreshVariables& fresh,
                           std::vector<AlgebraPtr>& out) {
  BlockBuilder builder(fresh, out);
  for (const auto& t : triples) {
    if (t.path) {
      builder.path(t.subject, *t.path, t.object);
    } else {
      builder.triple(t.subject, t.predicate, t.object);
    }
  }
}

void GroupTranslator::join(AlgebraPtr right) {
  if (!group_) {
    group_ = std::move(right);
    return;
  }
  // Join(Z, A) = A and Join(A, Z) = A (§18.2.2.8).
  if (isUnitTable(*right)) return;
  if (isUnitTable(*group_)) {
    group_ = std::move(right);
    return;
  }
  group_ = std::make_shared<query::JoinNode>(std::vector<AlgebraPtr>{group_, std::move(right)});
}

void GroupTranslator::addTriplesBlock(const std::vector<TripleSyntax>& triples) {
  std::vector<AlgebraPtr> parts;
  translateTriplesBlock(triples, fresh_, parts);
  // A block translates to the join of its parts; it then joins the group as one element.
  AlgebraPtr block;
  for (auto& part : parts) {
    block = block ? std::make_shared<query::JoinNode>(std::vector<AlgebraPtr>{block, part}) : part;
  }
  if (block) addJoin(std::move(block));
}

void GroupTranslator::addOptional(const AlgebraPtr& optional, bool liftFilter) {
  AlgebraPtr left = group_ ? group_ : makeUnitTable();
  auto node = std::make_shared<query::LeftJoinNode>();
  if (liftFilter && optional->kind == AlgebraKind::kFilter) {
    node->children = {left, optional->children.at(0)};
    node->filters = optional->as<query::FilterNode>().filters;
  } else {
    node->children = {left, optional};
  }
  group_ = std::move(node);
}

void GroupTranslator::addMinus(AlgebraPtr right) {
  AlgebraPtr left = group_ ? group_ : makeUnitTable();
  group_ = std::make_shared<query::MinusNode>(std::vector<AlgebraPtr>{left, std::move(right)});
}

void GroupTranslator::addBind(std::string variable, query::Expr expr) {
  AlgebraPtr left = group_ ? group_ : makeUnitTable();
  auto node = std::make_shared<query::ExtendNode>(std::vector<AlgebraPtr>{left});
  node->variable = std::move(variable);
  node->expr = std::move(expr);
  group_ = std::move(node);
}

void GroupTranslator::addJoin(AlgebraPtr right) { join(std::move(right)); }

std::vector<std::string> GroupTranslator::inScope() const {
  if (!group_) return {};
  return query::inScopeVariables(*group_);
}

AlgebraPtr GroupTranslator::finish() {
  AlgebraPtr result = group_ ? group_ : makeUnitTable();
  if (filters_.empty()) return result;
  auto node = std::make_shared<query::FilterNode>(std::vector<AlgebraPtr>{result});
  node->filters = std::move(filters_);
  return node;
}

}  // namespace cairn::sparql
