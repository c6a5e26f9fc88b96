// The dashboard in a real browser: a coordinator with --http and real workers on loopback,
// headless Chromium (browser.py, over the DevTools protocol) reading the pages as a person
// would, and bad requests answered with clear 4xx, with cpp-httplib's client.
#include <sys/wait.h>

#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <future>
#include <string>
#include <thread>
#include <vector>

#include "absl/strings/numbers.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"
#include "absl/strings/str_split.h"
#include "common/file.h"
#include "gtest/gtest.h"
#include "httplib.h"
#include "tests/integration/cluster.h"

namespace gc9::testing {
namespace {

// Starts the coordinator with the dashboard on a free port; returns that port.
int StartWithDashboard(Cluster& cluster, const std::vector<std::string>& extra = {}) {
  const std::string port_file = cluster.dir() + "/http-port";
  std::vector<std::string> flags = {"--http", "127.0.0.1:0", "--http-port-file", port_file};
  flags.insert(flags.end(), extra.begin(), extra.end());
  cluster.StartCoordinator(60000, flags);
  for (int i = 0; i < 250; ++i) {
    int port = 0;
    if (std::ifstream(port_file) >> port) return port;
    std::this_thread::sleep_for(std::chrono::milliseconds(20));
  }
  ADD_FAILURE() << "no dashboard port; see " << cluster.dir() << "/coordinator.log";
  return 0;
}

// Runs browser.py on `url`, waiting for each expression in turn; its stdout goes to `out`, a
// line of JSON per step as it comes true, its complaints to OUT.err. Returns its exit code.
int Browse(const std::string& url, const std::vector<std::string>& steps, const std::string& out) {
  std::string command = absl::StrCat(GC9_PYTHON, " ", GC9_BROWSER_SCRIPT, " --url '", url, "'");
  for (const std::string& step : steps) absl::StrAppend(&command, " --until \"", step, "\"");
  const int status = std::system(absl::StrCat(command, " > ", out, " 2> ", out, ".err").c_str());
  return WIFEXITED(status) ? WEXITSTATUS(status) : -1;
}

std::string ErrorsOf(const std::string& out) {
  return common::ReadWholeFile(out + ".err").value_or("(no output)");
}

std::vector<std::string> Lines(const std::string& path) {
  return absl::StrSplit(common::ReadWholeFile(path).value_or(""), '\n', absl::SkipEmpty());
}

// A JSON string as browser.py prints it, unquoted (the tests' values have no escapes).
std::string Unquote(const std::string& json) {
  return json.size() >= 2 && json.front() == '"' ? json.substr(1, json.size() - 2) : json;
}

// An SPRT that the tuned piece values win: decided (or at max_pairs) within a minute.
proto::RunConfig QuickSprt() {
  proto::RunConfig config = TinyRun(1, 2);
  config.set_name("dashboard sprt");
  config.mutable_engine()->mutable_builtin()->clear_param();
  // The baseline also ignores mobility (TinyRun's): both errors cost it clearly.
  proto::ParamOverride* wrong = config.mutable_baseline()->mutable_builtin()->add_param();
  wrong->set_name("SceptreValueMg");
  wrong->set_value(2000);
  config.mutable_time_control()->set_nodes(300);
  config.mutable_adjudication()->set_max_plies(60);
  config.clear_fixed();
  config.mutable_sprt()->set_elo0(0);
  config.mutable_sprt()->set_elo1(40);
  config.mutable_sprt()->set_max_pairs(120);
  return config;
}

// The LLR that `gc9 status RUN --json` reports, to two decimals as the pages show it.
std::string StatusLlr(Cluster& cluster, int64_t run) {
  Result status =
      Shell(cluster.dir(), absl::StrCat(GC9_CLI_BINARY, " status ", run, " --json --coordinator ",
                                        cluster.address(), " --token-file ", cluster.token_file()));
  EXPECT_EQ(status.exit_code, 0) << status.err;
  const size_t at = status.out.find("\"llr\": ");
  if (at == std::string::npos) {
    ADD_FAILURE() << status.out;
    return "";
  }
  double llr = 0;
  const std::string number = status.out.substr(at + 7, status.out.find(',', at) - at - 7);
  EXPECT_TRUE(absl::SimpleAtod(number, &llr)) << number;
  return absl::StrFormat("%.2f", llr);
}

TEST(Dashboard, AnSprtIsWatchedLiveUntilItsDecisionWithoutAReload) {
  Cluster cluster;
  const int port = StartWithDashboard(cluster);
  ASSERT_GT(port, 0);
  absl::StatusOr<int64_t> run = cluster.client().Submit(QuickSprt());
  ASSERT_TRUE(run.ok()) << run.status();
  const std::string base = absl::StrCat("http://127.0.0.1:", port);
  const std::string out = cluster.dir() + "/run-page.txt";
  // The page opens while the run waits for a worker, so everything after is live updates.
  auto browser = std::async(std::launch::async, [&] {
    return Browse(
        absl::StrCat(base, "/runs/", *run),
        {"document.getElementById('state').textContent === 'pending' && "
         "String(performance.timeOrigin)",
         "Chart.getChart('llr-chart') && "
         "Chart.getChart('llr-chart').data.datasets[0].data.length",
         "/^finished \\\\(/.test(document.getElementById('state')."
         "textContent) && document.getElementById('state').textContent",
         "document.getElementById('llr-value').textContent", "String(performance.timeOrigin)"},
        out);
  });
  for (int i = 0; i < 600 && Lines(out).empty(); ++i) {
    ASSERT_NE(browser.wait_for(std::chrono::milliseconds(100)), std::future_status::ready)
        << ErrorsOf(out);
  }
  ASSERT_EQ(Lines(out).size(), 1u) << "the page never showed the pending run";
  cluster.StartWorker(2);
  ASSERT_EQ(browser.get(), 0) << ErrorsOf(out);
  const std::vector<std::string> steps = Lines(out);
  ASSERT_EQ(steps.size(), 5u);
  EXPECT_GT(std::stoi(steps[1]), 0) << "points in the LLR chart";
  const std::string state = Unquote(steps[2]);
  EXPECT_TRUE(state == "finished (H1 accepted)" || state == "finished (H0 accepted)" ||
              state == "finished (undecided at max pairs)")
      << state;
  EXPECT_EQ(steps[4], steps[0]) << "the page was reloaded";
  const proto::RunStatus status = cluster.client().Status(*run).value();
  ASSERT_EQ(status.state(), proto::RUN_FINISHED);
  const std::string llr = StatusLlr(cluster, *run);
  EXPECT_EQ(Unquote(steps[3]).substr(0, llr.size()), llr) << steps[3];

  // The list shows the same LLR and the decision.
  const std::string list_out = cluster.dir() + "/list-page.txt";
  const std::string row = absl::StrCat("document.querySelector('tr[data-run=\\\"", *run, "\\\"] ");
  ASSERT_EQ(Browse(base + "/", {row + ".llr-value').textContent", row + ".state').textContent"},
                   list_out),
            0)
      << ErrorsOf(list_out);
  const std::vector<std::string> cells = Lines(list_out);
  ASSERT_EQ(cells.size(), 2u);
  EXPECT_EQ(Unquote(cells[0]).substr(0, llr.size()), llr) << cells[0];
  EXPECT_EQ(Unquote(cells[1]), state);
}

TEST(Dashboard, SpsaTrajectoriesAndAStudyHeatmapAreDrawn) {
  Cluster cluster;
  const int port = StartWithDashboard(cluster);
  ASSERT_GT(port, 0);
  proto::RunConfig spsa = TinyRun(12, 2);
  spsa.set_name("dashboard spsa");
  spsa.mutable_baseline()->mutable_builtin()->clear_param();
  spsa.clear_fixed();
  spsa.mutable_spsa()->set_pairs(12);
  spsa.mutable_spsa()->set_params(
      "SceptreValueMg,900,600,2000,80,0.04\nCharioteerValueMg,200,0,1000,40,0.05\n");
  proto::RunConfig study = TinyRun(1, 2);
  study.set_name("dashboard study");
  study.clear_baseline();
  study.clear_fixed();
  study.clear_openings();
  study.mutable_placement_study()->set_replies(proto::PlacementStudy::REPLIES_FIXED);
  study.mutable_placement_study()->set_black("e7+f7");
  for (const char* white : {"c3+g3", "d3+f3", "a3+i3"}) {
    study.mutable_placement_study()->add_white(white);
  }
  study.mutable_placement_study()->set_budget_games(12);
  absl::StatusOr<int64_t> spsa_run = cluster.client().Submit(spsa);
  ASSERT_TRUE(spsa_run.ok()) << spsa_run.status();
  absl::StatusOr<int64_t> study_run = cluster.client().Submit(study);
  ASSERT_TRUE(study_run.ok()) << study_run.status();
  cluster.StartWorker(2);
  const std::string base = absl::StrCat("http://127.0.0.1:", port, "/runs/");

  const std::string spsa_out = cluster.dir() + "/spsa-page.txt";
  const int spsa_page =
      Browse(base + std::to_string(*spsa_run),
             {"/^finished/.test(document.getElementById('state').textContent)",
              "[0, 1].map(i => Chart.getChart('spsa-chart-' + i)).every(c => c && "
              "c.data.datasets[0].data.length > 0) && "
              "document.querySelectorAll('#spsa-charts canvas').length"},
             spsa_out);
  ASSERT_EQ(spsa_page, 0) << ErrorsOf(spsa_out);
  const std::vector<std::string> spsa_steps = Lines(spsa_out);
  ASSERT_EQ(spsa_steps.size(), 2u);
  EXPECT_EQ(spsa_steps[1], "2") << "one trajectory chart per parameter";

  const std::string study_out = cluster.dir() + "/study-page.txt";
  const int study_page = Browse(base + std::to_string(*study_run),
                                {"/^finished/.test(document.getElementById('state').textContent)",
                                 "document.querySelectorAll('#study-heatmap td.cell').length",
                                 "document.querySelectorAll('#study-ranking tr').length - 1"},
                                study_out);
  ASSERT_EQ(study_page, 0) << ErrorsOf(study_out);
  const std::vector<std::string> study_steps = Lines(study_out);
  ASSERT_EQ(study_steps.size(), 3u);
  const proto::RunStatus status = cluster.client().Status(*study_run).value();
  EXPECT_EQ(std::stoi(study_steps[1]), status.placement_study().cell_size())
      << "a coloured cell per played cell";
  EXPECT_EQ(std::stoi(study_steps[2]), status.placement_study().row_size());
}

// The action buttons: a page opened without the token says what the action needs and changes
// nothing; opened once with it (its cookie), Cancel cancels the run and Block blocks a worker.
TEST(Dashboard, ARunIsCancelledAndAWorkerBlockedFromThePages) {
  Cluster cluster;
  const int port = StartWithDashboard(cluster);
  ASSERT_GT(port, 0);
  absl::StatusOr<int64_t> run = cluster.client().Submit(TinyRun(100000, 2));
  ASSERT_TRUE(run.ok()) << run.status();
  cluster.StartWorker(1);
  const std::string base = absl::StrCat("http://127.0.0.1:", port);
  // confirm() would wait for a person; the tests answer yes.
  const std::string yes = "(window.confirm = () => true, ";
  const std::string click_cancel = yes + "document.getElementById('cancel').click(), true)";

  const std::string refused_out = cluster.dir() + "/refused.txt";
  ASSERT_EQ(Browse(absl::StrCat(base, "/runs/", *run),
                   {"!document.getElementById('cancel').hidden", click_cancel,
                    "document.getElementById('action-error').textContent"},
                   refused_out),
            0)
      << ErrorsOf(refused_out);
  const std::vector<std::string> refused = Lines(refused_out);
  ASSERT_EQ(refused.size(), 3u);
  EXPECT_NE(refused[2].find("this action needs the coordinator's token"), std::string::npos)
      << refused[2];
  const proto::RunState still = cluster.client().Status(*run).value().state();
  EXPECT_TRUE(still == proto::RUN_PENDING || still == proto::RUN_RUNNING) << still;

  const std::string cancel_out = cluster.dir() + "/cancel.txt";
  ASSERT_EQ(Browse(absl::StrCat(base, "/runs/", *run, "?token=", cluster.token()),
                   {"!document.getElementById('cancel').hidden", click_cancel,
                    "document.getElementById('state').textContent === 'cancelled' && "
                    "document.getElementById('cancel').hidden"},
                   cancel_out),
            0)
      << ErrorsOf(cancel_out);
  EXPECT_EQ(cluster.client().Status(*run).value().state(), proto::RUN_CANCELLED);

  const std::string block_out = cluster.dir() + "/block.txt";
  const std::string button = "document.querySelector('#workers tbody button')";
  ASSERT_EQ(Browse(absl::StrCat(base, "/workers?token=", cluster.token()),
                   {button + " && " + button + ".textContent === 'Block'",
                    yes + button + ".click(), true)",
                    button + ".textContent === 'Unblock' && " + button + ".dataset.worker"},
                   block_out),
            0)
      << ErrorsOf(block_out);
  const std::vector<std::string> blocked = Lines(block_out);
  ASSERT_EQ(blocked.size(), 3u);
  absl::StatusOr<proto::ListWorkersReply> workers = cluster.client().ListWorkers();
  ASSERT_TRUE(workers.ok()) << workers.status();
  ASSERT_EQ(workers->worker_size(), 1);
  EXPECT_EQ(absl::StrCat(workers->worker(0).worker_id()), Unquote(blocked[2]));
  EXPECT_EQ(workers->worker(0).state(), proto::WORKER_BLOCKED);
}

// One request: its status and body.
struct Answer {
  int status = 0;
  std::string body;
  std::string cookie;
};

Answer AnswerOf(const httplib::Result& result) {
  if (!result) return Answer{-1, httplib::to_string(result.error()), ""};
  return Answer{result->status, result->body, result->get_header_value("Set-Cookie")};
}

Answer Get(int port, const std::string& path, const httplib::Headers& headers = {}) {
  return AnswerOf(httplib::Client("127.0.0.1", port).Get(path.c_str(), headers));
}

Answer Post(int port, const std::string& path, const httplib::Headers& headers = {}) {
  return AnswerOf(httplib::Client("127.0.0.1", port).Post(path.c_str(), headers, "", "text/plain"));
}

TEST(Dashboard, BadRequestsGetClearAnswersAndActionsNeedTheToken) {
  Cluster cluster;
  const int port = StartWithDashboard(cluster);
  ASSERT_GT(port, 0);
  proto::RunConfig config = TinyRun(4, 2);
  config.set_name("secret-run-name");
  absl::StatusOr<int64_t> run = cluster.client().Submit(config);
  ASSERT_TRUE(run.ok()) << run.status();
  const struct {
    std::string path;
    int status;
    std::string says;
  } cases[] = {
      {"/api/runs/999", 404, "no run 999"},
      {"/runs/999", 404, "no run 999"},
      {"/api/runs?state=bogus", 400, "state 'bogus' is none of pending"},
      {"/api/runs?x=1", 400, "unknown query parameter 'x'"},
      {"/api/runs?state=%zz", 400, "malformed query string"},
      {"/api/runs?=3", 400, "a parameter without a name"},
      {"/api/runs/abc", 404, "no page /api/runs/abc"},
      {"/api/runs/99999999999999999999", 400, "not a run id"},
      {"/nothing-here", 404, "no page /nothing-here"},
      {"/api/runs/999/pgn", 404, "no run 999"},
  };
  for (const auto& c : cases) {
    const Answer answer = Get(port, c.path);
    EXPECT_EQ(answer.status, c.status) << c.path << ": " << answer.body;
    EXPECT_NE(answer.body.find(c.says), std::string::npos) << c.path << ": " << answer.body;
  }
  // An action without the token, or with a wrong one, changes nothing; nor does one that
  // another site's page sends, even with the token (which a browser would add as a cookie).
  EXPECT_EQ(Post(port, absl::StrCat("/api/runs/", *run, "/cancel")).status, 401);
  const Answer cross_site = Post(
      port, absl::StrCat("/api/runs/", *run, "/cancel"),
      {{"Authorization", "Bearer " + cluster.token()}, {"Origin", "http://elsewhere.example"}});
  EXPECT_EQ(cross_site.status, 403) << cross_site.body;
  EXPECT_NE(cross_site.body.find("another site's page (Origin http://elsewhere.example)"),
            std::string::npos)
      << cross_site.body;
  EXPECT_EQ(
      Post(port, absl::StrCat("/api/runs/", *run, "/cancel"), {{"Authorization", "Bearer wrong"}})
          .status,
      401);
  EXPECT_EQ(cluster.client().Status(*run).value().state(), proto::RUN_PENDING);
  const Answer cancelled = Post(port, absl::StrCat("/api/runs/", *run, "/cancel"),
                                {{"Authorization", "Bearer " + cluster.token()}});
  EXPECT_EQ(cancelled.status, 200) << cancelled.body;
  EXPECT_NE(cancelled.body.find("\"state\":\"RUN_CANCELLED\""), std::string::npos)
      << cancelled.body;
  EXPECT_EQ(cluster.client().Status(*run).value().state(), proto::RUN_CANCELLED);
  // Reading is open by default, the JSON is protobuf's mapping with the field names of the
  // .proto, and the coordinator survived all of the above.
  const Answer list = Get(port, "/api/runs?state=cancelled");
  EXPECT_EQ(list.status, 200);
  EXPECT_NE(list.body.find("\"name\":\"secret-run-name\""), std::string::npos) << list.body;
  EXPECT_NE(list.body.find("\"target_pairs\":\"4\""), std::string::npos) << list.body;
  EXPECT_EQ(Get(port, "/api/runs?state=running").body.find("secret-run-name"), std::string::npos);
}

TEST(Dashboard, WithRequireTokenNothingIsReadWithoutIt) {
  Cluster cluster;
  const int port = StartWithDashboard(cluster, {"--http-require-token"});
  ASSERT_GT(port, 0);
  proto::RunConfig config = TinyRun(4, 2);
  config.set_name("secret-run-name");
  ASSERT_TRUE(cluster.client().Submit(config).ok());
  for (const char* path : {"/", "/api/runs", "/api/runs/1", "/runs/1", "/api/workers"}) {
    const Answer answer = Get(port, path);
    EXPECT_EQ(answer.status, 401) << path;
    EXPECT_EQ(answer.body.find("secret"), std::string::npos) << path << ": " << answer.body;
  }
  EXPECT_EQ(Get(port, "/api/runs", {{"Authorization", "Bearer wrong"}}).status, 401);
  // A person opens it once with ?token=; the page's own requests then carry the cookie.
  const Answer opened = Get(port, "/?token=" + cluster.token());
  EXPECT_EQ(opened.status, 200);
  ASSERT_NE(opened.cookie.find("gc9_token="), std::string::npos);
  const std::string cookie = opened.cookie.substr(0, opened.cookie.find(';'));
  const Answer list = Get(port, "/api/runs", {{"Cookie", cookie}});
  EXPECT_EQ(list.status, 200);
  EXPECT_NE(list.body.find("secret-run-name"), std::string::npos);
  EXPECT_EQ(Get(port, "/api/runs", {{"Authorization", "Bearer " + cluster.token()}}).status, 200);
}

TEST(Dashboard, WithATlsCertificateItIsServedOverHttps) {
  Cluster cluster;
  if (!MakeCertificate(cluster.dir(), "cert")) GTEST_SKIP() << "no openssl to make a certificate";
  const std::string cert = cluster.dir() + "/cert.pem";
  cluster.UseTls(cert);
  const int port =
      StartWithDashboard(cluster, {"--tls-cert", cert, "--tls-key", cluster.dir() + "/cert.key"});
  ASSERT_GT(port, 0);
  httplib::SSLClient https("127.0.0.1", port);
  https.set_ca_cert_path(cert.c_str());
  https.enable_server_certificate_verification(true);
  httplib::Result answer = https.Get("/api/runs");
  ASSERT_TRUE(answer) << httplib::to_string(answer.error());
  EXPECT_EQ(answer->status, 200);
  EXPECT_EQ(Get(port, "/api/runs").status, -1) << "plain HTTP is not answered";
}

TEST(Dashboard, ItsFlagsAreChecked) {
  Cluster cluster;
  const Result bad_address =
      Shell(cluster.dir(), absl::StrCat(GC9_COORDINATOR_BINARY, " --db ", cluster.dir(),
                                        "/x.db --listen 127.0.0.1:0 --http nonsense"));
  EXPECT_NE(bad_address.exit_code, 0);
  EXPECT_NE(bad_address.err.find("--http 'nonsense' is not HOST:PORT"), std::string::npos)
      << bad_address.err;
  const Result no_http = Shell(
      cluster.dir(),
      absl::StrCat(GC9_COORDINATOR_BINARY, " --db ", cluster.dir(), "/x.db --http-require-token"));
  EXPECT_NE(no_http.exit_code, 0);
  EXPECT_NE(no_http.err.find("need --http"), std::string::npos) << no_http.err;
}

}  // namespace
}  // namespace gc9::testing
