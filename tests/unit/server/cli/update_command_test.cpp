// `cairn update` and time travel on `cairn query`, through the commands' run functions on a real
// data directory: a ledger made by runImport, changed by runUpdate, read back by runQuery and
// runScan (each opens the store afresh, so every read replays the commits from disk). Output is
// captured from stdout.

#include <gmock/gmock.h>
#include <gtest/gtest.h>
#include <stdlib.h>
#include <unistd.h>

#include <chrono>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>
#include <string>
#include <thread>

#include "server/cli/commands.h"
#include "server/cli/local_rdf_loader.h"
#include "tests/support/error_capture.h"
#include "tests/support/stdout_capture.h"

namespace cairn::server {
namespace {

namespace fs = std::filesystem;
using ::testing::HasSubstr;
using ::testing::StartsWith;

constexpr const char* kPrefix = "PREFIX ex: <http://ex.org/>\n";

class UpdateCommandTest : public ::testing::Test {
 protected:
  void SetUp() override {
    std::string pattern = (fs::temp_directory_path() / "cairn-cli-test-XXXXXX").string();
    ASSERT_NE(::mkdtemp(pattern.data()), nullptr);
    dir_ = pattern;
    data_ = (dir_ / "data").string();
    write("base.nt",
          "<http://ex.org/a> <http://ex.org/name> \"Alice\" .\n"
          "<http://ex.org/b> <http://ex.org/name> \"Bob\" .\n");
    ImportArgs import;
    import.data = data_;
    import.ledger = "people";
    import.json = true;
    import.threads = 1;
    import.scratch = (dir_ / "tmp").string();
    import.files = {(dir_ / "base.nt").string()};
    const std::string summary = cairn::testing::stdoutOf([&] { runImport(import); });
    ASSERT_EQ(nlohmann::json::parse(summary)["t"], 1) << summary;
  }

  void TearDown() override {
    std::error_code ignored;
    fs::remove_all(dir_, ignored);
  }

  void write(const std::string& name, const std::string& text) {
    std::ofstream(dir_ / name, std::ios::binary) << text;
  }

  UpdateArgs updateArgs(const std::string& text) const {
    UpdateArgs args;
    args.data = data_;
    args.ledger = "people";
    args.update = text;
    return args;
  }
  std::string update(const std::string& text) {
    return cairn::testing::stdoutOf([&] { runUpdate(updateArgs(kPrefix + text)); });
  }
  nlohmann::json updateJson(const std::string& text) {
    UpdateArgs args = updateArgs(kPrefix + text);
    args.format = "json";
    return nlohmann::json::parse(cairn::testing::stdoutOf([&] { runUpdate(args); }));
  }

  QueryArgs queryArgs(const std::string& text) const {
    QueryArgs args;
    args.data = data_;
    args.ledger = "people";
    args.format = "csv";
    args.query = kPrefix + text;
    return args;
  }
  // The names in the default graph, sorted, as CSV lines after the header.
  std::string names(QueryArgs args) {
    return cairn::testing::stdoutOf([&] { runQuery(args); });
  }
  std::string names() { return names(queryArgs(kNames)); }

  static constexpr const char* kNames = "SELECT ?n WHERE { ?s ex:name ?n } ORDER BY ?n";

  fs::path dir_;
  std::string data_;
};

TEST_F(UpdateCommandTest, InsertIsSeenByLaterQueries) {
  EXPECT_THAT(update("INSERT DATA { ex:c ex:name \"Carol\" }"),
              StartsWith("t=2 inserted=1 deleted=0 ("));
  EXPECT_EQ(names(), "n\r\nAlice\r\nBob\r\nCarol\r\n");

  const nlohmann::json result = updateJson(
      "DELETE { ?s ex:name \"Alice\" } INSERT { ?s ex:name \"Alicia\" } WHERE { ?s ex:name "
      "\"Alice\" }");
  EXPECT_EQ(result["t"], 3);
  EXPECT_EQ(result["inserted"], 1);
  EXPECT_EQ(result["deleted"], 1);
  EXPECT_THAT(result["time"].get<std::string>(), HasSubstr("T"));
  EXPECT_EQ(names(), "n\r\nAlicia\r\nBob\r\nCarol\r\n");

  // scan reads the commits too.
  ScanArgs scan;
  scan.data = data_;
  scan.ledger = "people";
  scan.pattern = "<http://ex.org/c> ?p ?o";
  EXPECT_EQ(cairn::testing::stdoutOf([&] { runScan(scan); }),
            "<http://ex.org/c> <http://ex.org/name> \"Carol\" .\n");
}

TEST_F(UpdateCommandTest, UpdateThatChangesNothingMakesNoCommit) {
  EXPECT_THAT(update("INSERT DATA { ex:a ex:name \"Alice\" }"),
              StartsWith("t=1 inserted=0 deleted=0 ("));
  const nlohmann::json result = updateJson("DELETE DATA { ex:zz ex:name \"nobody\" }");
  EXPECT_EQ(result["t"], 1);
  EXPECT_FALSE(result.contains("time"));
}

TEST_F(UpdateCommandTest, UpdateFromFile) {
  write("change.ru", std::string(kPrefix) + "INSERT DATA { ex:f ex:name \"FromFile\" }");
  cairn::testing::stdoutOf([&] { runUpdate(updateArgs("@" + (dir_ / "change.ru").string())); });
  EXPECT_EQ(names(), "n\r\nAlice\r\nBob\r\nFromFile\r\n");
  EXPECT_EQ(
      testing::errorFrom([&] { runUpdate(updateArgs("@" + (dir_ / "none.ru").string())); }).code(),
      core::ErrorCode::kNotFound);
}

TEST_F(UpdateCommandTest, TimeTravelWithT) {
  update("INSERT DATA { ex:c ex:name \"Carol\" }");  // t=2
  update("DELETE DATA { ex:a ex:name \"Alice\" }");  // t=3
  QueryArgs args = queryArgs(kNames);
  args.t = 1;
  EXPECT_EQ(names(args), "n\r\nAlice\r\nBob\r\n");
  args.t = 2;
  EXPECT_EQ(names(args), "n\r\nAlice\r\nBob\r\nCarol\r\n");
  args.t = 3;
  EXPECT_EQ(names(args), "n\r\nBob\r\nCarol\r\n");
  EXPECT_EQ(names(), "n\r\nBob\r\nCarol\r\n");
}

TEST_F(UpdateCommandTest, TimeTravelWithAsOf) {
  const std::string first = updateJson("INSERT DATA { ex:c ex:name \"Carol\" }")["time"];
  std::this_thread::sleep_for(std::chrono::milliseconds(20));
  const std::string second = updateJson("DELETE DATA { ex:a ex:name \"Alice\" }")["time"];
  ASSERT_LT(first, second);

  QueryArgs args = queryArgs(kNames);
  args.asOf = first;
  EXPECT_EQ(names(args), "n\r\nAlice\r\nBob\r\nCarol\r\n");
  args.asOf = second;
  EXPECT_EQ(names(args), "n\r\nBob\r\nCarol\r\n");
  args.asOf = "2000-01-01T00:00:00Z";  // before the ledger existed: nothing
  EXPECT_EQ(names(args), "n\r\n");
  args.asOf = "2999-01-01";
  EXPECT_EQ(names(args), "n\r\nBob\r\nCarol\r\n");

  args.asOf = "last tuesday";
  EXPECT_EQ(testing::errorFrom([&] { runQuery(args); }).code(), core::ErrorCode::kInvalidArgument);
  args.asOf = second;
  args.t = 1;
  EXPECT_EQ(testing::errorFrom([&] { runQuery(args); }).code(), core::ErrorCode::kInvalidArgument);
}

TEST_F(UpdateCommandTest, SyntaxErrorHasPositionAndChangesNothing) {
  const core::Error e = testing::errorFrom(
      [&] { runUpdate(updateArgs("INSERT DATA {\n  <http://x> <http://y> }")); });
  EXPECT_EQ(e.code(), core::ErrorCode::kSyntaxError);
  EXPECT_EQ(e.line(), 2u);
  EXPECT_GT(e.column(), 0u);
  EXPECT_EQ(names(), "n\r\nAlice\r\nBob\r\n");
}

TEST_F(UpdateCommandTest, FailingOperationCommitsNothing) {
  const core::Error e = testing::errorFrom([&] {
    runUpdate(
        updateArgs(std::string(kPrefix) +
                   "INSERT DATA { ex:c ex:name \"Carol\" } ; DROP GRAPH <http://ex.org/none>"));
  });
  EXPECT_EQ(e.code(), core::ErrorCode::kNotFound);
  EXPECT_EQ(names(), "n\r\nAlice\r\nBob\r\n");
}

TEST_F(UpdateCommandTest, MissingStoreOrLedger) {
  UpdateArgs args = updateArgs("INSERT DATA { <http://x> <http://y> <http://z> }");
  args.data = (dir_ / "absent").string();
  EXPECT_EQ(testing::errorFrom([&] { runUpdate(args); }).code(), core::ErrorCode::kNotFound);
  EXPECT_FALSE(fs::exists(dir_ / "absent"));  // not created by the attempt
  args = updateArgs("INSERT DATA { <http://x> <http://y> <http://z> }");
  args.ledger = "nobody";
  EXPECT_EQ(testing::errorFrom([&] { runUpdate(args); }).code(), core::ErrorCode::kNotFound);
}

TEST_F(UpdateCommandTest, LoadReadsLocalFiles) {
  write("more.ttl",
        "@prefix ex: <http://ex.org/> .\n"
        "ex:c ex:name \"Carol\" .\n"
        "<rel> ex:name \"Relative\" .\n"
        "[] ex:name \"Anon\" .\n");
  const std::string fileIri = fileIriOf((dir_ / "more.ttl").string());
  EXPECT_THAT(update("LOAD <" + fileIri + "> INTO GRAPH <http://ex.org/g>"),
              StartsWith("t=2 inserted=3 deleted=0"));
  // Relative IRIs in the document resolve against the document.
  const std::string relative = fileIriOf((dir_ / "rel").string());
  const std::string graph = cairn::testing::stdoutOf([&] {
    runQuery(
        queryArgs("SELECT ?s ?n WHERE { GRAPH ex:g { ?s ex:name ?n FILTER(!isBlank(?s)) } } "
                  "ORDER BY ?n"));
  });
  EXPECT_EQ(graph, "s,n\r\nhttp://ex.org/c,Carol\r\n" + relative + ",Relative\r\n");
  EXPECT_EQ(
      cairn::testing::stdoutOf([&] {
        runQuery(queryArgs("SELECT ?n WHERE { GRAPH ex:g { ?s ex:name ?n FILTER(isBlank(?s)) } }"));
      }),
      "n\r\nAnon\r\n");

  // Two loads of one document in one request make two blank nodes, not one.
  update("LOAD <" + fileIri + "> INTO GRAPH <http://ex.org/h> ; LOAD <" + fileIri +
         "> INTO GRAPH <http://ex.org/h>");
  EXPECT_EQ(
      cairn::testing::stdoutOf([&] {
        runQuery(queryArgs(
            "SELECT (COUNT(DISTINCT ?s) AS ?c) WHERE { GRAPH ex:h { ?s ex:name \"Anon\" } }"));
      }),
      "c\r\n2\r\n");
}

TEST_F(UpdateCommandTest, LoadResolvesAgainstTheWorkingDirectory) {
  write("extra.nt", "<http://ex.org/e> <http://ex.org/name> \"Eve\" .\n");
  const fs::path previous = fs::current_path();
  fs::current_path(dir_);
  std::string out;
  try {
    out = update("LOAD <extra.nt> ; INSERT DATA { <here> ex:name \"Here\" }");
  } catch (...) {
    fs::current_path(previous);
    throw;
  }
  fs::current_path(previous);
  EXPECT_THAT(out, StartsWith("t=2 inserted=2 deleted=0"));
  EXPECT_EQ(names(), "n\r\nAlice\r\nBob\r\nEve\r\nHere\r\n");
  const std::string here = fileIriOf(dir_.string()) + "/here";
  EXPECT_EQ(cairn::testing::stdoutOf(
                [&] { runQuery(queryArgs("SELECT ?s WHERE { ?s ex:name \"Here\" }")); }),
            "s\r\n" + here + "\r\n");
}

TEST_F(UpdateCommandTest, LoadRefusesRemoteAndUnknownFiles) {
  auto loadError = [&](const std::string& text) {
    return testing::errorFrom([&] { runUpdate(updateArgs(text)); });
  };
  const core::Error remote = loadError("LOAD <http://example.org/data.ttl>");
  EXPECT_EQ(remote.code(), core::ErrorCode::kInvalidArgument);
  EXPECT_THAT(remote.message(), HasSubstr("local files only"));
  EXPECT_EQ(loadError("LOAD <file://otherhost/tmp/x.ttl>").code(),
            core::ErrorCode::kInvalidArgument);
  write("notes.txt", "hello");
  EXPECT_THAT(loadError("LOAD <" + fileIriOf((dir_ / "notes.txt").string()) + ">").message(),
              HasSubstr("RDF format"));
  write("bad.ttl", "@prefix ex: <http://ex.org/> .\nex:a ex:name .\n");
  EXPECT_THAT(loadError("LOAD <" + fileIriOf((dir_ / "bad.ttl").string()) + ">").message(),
              HasSubstr("bad.ttl:2:"));
  EXPECT_THAT(update("LOAD SILENT <http://example.org/data.ttl>"),
              StartsWith("t=1 inserted=0 deleted=0"));
  EXPECT_EQ(names(), "n\r\nAlice\r\nBob\r\n");
}

TEST(LocalRdfLoader, FileIriEscapesWhatIrisCannotHold) {
  EXPECT_EQ(fileIriOf("/tmp/a b/c#d%e.ttl"), "file:///tmp/a%20b/c%23d%25e.ttl");
  EXPECT_EQ(fileIriOf("/tmp/ünï.ttl"), "file:///tmp/ünï.ttl");
}

TEST(LocalRdfLoader, ReadsEscapedFileIris) {
  std::string pattern = (fs::temp_directory_path() / "cairn-cli-test-XXXXXX").string();
  ASSERT_NE(::mkdtemp(pattern.data()), nullptr);
  const fs::path dir = pattern;
  const fs::path file = dir / "with space.nq";
  std::ofstream(file) << "<http://x/s> <http://x/p> <http://x/o> <http://x/g> .\n"
                         "<http://x/s> <http://x/p> \"v\" .\n";
  auto quads = loadLocalRdf(fileIriOf(file.string()));
  ASSERT_TRUE(quads.isOk()) << quads.status().toString();
  ASSERT_EQ(quads->size(), 2u);
  EXPECT_EQ((*quads)[0].graph, "http://x/g");
  EXPECT_EQ((*quads)[1].graph, std::nullopt);
  const std::string escaped = fileIriOf(file.string()).substr(std::strlen("file://"));
  for (const std::string& name : {"file://localhost" + escaped, file.string()}) {
    auto again = loadLocalRdf(name);
    ASSERT_TRUE(again.isOk()) << name << ": " << again.status().toString();
    EXPECT_EQ(again->size(), 2u) << name;
  }
  EXPECT_FALSE(loadLocalRdf("file://" + escaped + "%2").isOk());  // a cut-off escape
  fs::remove_all(dir);
}

}  // namespace
}  // namespace cairn::server
