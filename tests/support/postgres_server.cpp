#include "support/postgres_server.hpp"

#include <arpa/inet.h>
#include <libpq-fe.h>
#include <netinet/in.h>
#include <pwd.h>
#include <sys/socket.h>
#include <unistd.h>

#include <cstdlib>
#include <filesystem>
#include <memory>

namespace qdiff::testing {
namespace {

const char* const kBin = "/usr/lib/postgresql/15/bin";

int free_loopback_port() {
    int fd = socket(AF_INET, SOCK_STREAM, 0);
    sockaddr_in address{};
    address.sin_family = AF_INET;
    address.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
    socklen_t length = sizeof address;
    int port = 0;
    if (bind(fd, reinterpret_cast<sockaddr*>(&address), sizeof address) == 0 &&
        getsockname(fd, reinterpret_cast<sockaddr*>(&address), &length) == 0)
        port = ntohs(address.sin_port);
    close(fd);
    return port;
}

}  // namespace

PostgresServer* PostgresServer::shared(std::string& why) {
    static std::unique_ptr<PostgresServer> server;
    static std::string failure;
    static bool tried = false;
    if (!tried) {
        tried = true;
        server.reset(new PostgresServer());
        if (!server->start(failure)) server.reset();
    }
    why = failure;
    return server.get();
}

bool PostgresServer::start(std::string& why) {
    namespace fs = std::filesystem;
    if (!fs::exists(fs::path(kBin) / "initdb") || !fs::exists(fs::path(kBin) / "pg_ctl")) {
        why = std::string("PostgreSQL 15 is not installed (no ") + kBin + "/initdb): apt-get install postgresql";
        return false;
    }
    std::string pattern = (fs::temp_directory_path() / "qdiff-pg-XXXXXX").string();
    if (!mkdtemp(pattern.data())) {
        why = "cannot create a temporary directory";
        return false;
    }
    dir_ = pattern;
    if (geteuid() == 0) {
        const char* user = getpwnam("postgres") ? "postgres" : "nobody";
        const passwd* pw = getpwnam(user);
        if (!pw || chown(dir_.c_str(), pw->pw_uid, pw->pw_gid) != 0) {
            why = std::string("running as root and cannot hand ") + dir_ + " to " + user;
            return false;
        }
        run_as_ = std::string("runuser -u ") + user + " -- ";
    }
    port_ = free_loopback_port();
    std::string data = dir_ + "/data";
    std::string initdb = run_as_ + kBin + "/initdb -D " + data + " -U admin --auth=trust -E UTF8 --no-locale > " +
                         dir_ + "/initdb.log 2>&1";
    if (std::system(initdb.c_str()) != 0) {
        why = "initdb failed (see " + dir_ + "/initdb.log)";
        return false;
    }
    std::string options = "-c listen_addresses=127.0.0.1 -p " + std::to_string(port_) + " -k " + dir_ +
                          " -c fsync=off -c full_page_writes=off -c synchronous_commit=off -c TimeZone=UTC";
    std::string start = run_as_ + kBin + "/pg_ctl -D " + data + " -l " + dir_ + "/server.log -w -t 60 -o '" + options +
                        "' start > /dev/null 2>&1";
    if (std::system(start.c_str()) != 0) {
        why = "pg_ctl start failed (see " + dir_ + "/server.log)";
        return false;
    }
    running_ = true;
    std::string error = admin_exec("postgres", "CREATE ROLE reader LOGIN");
    if (!error.empty()) {
        why = "cannot create the reader role: " + error;
        return false;
    }
    return true;
}

PostgresServer::~PostgresServer() {
    if (running_) {
        std::string stop = run_as_ + kBin + "/pg_ctl -D " + dir_ + "/data -m fast -w stop > /dev/null 2>&1";
        (void)std::system(stop.c_str());
    }
    if (!dir_.empty()) {
        std::error_code ignored;
        std::filesystem::remove_all(dir_, ignored);
    }
}

std::string PostgresServer::admin_uri(const std::string& database) const {
    return "host=" + dir_ + " port=" + std::to_string(port_) + " user=admin dbname=" + database;
}

std::string PostgresServer::reader_uri(const std::string& database) const {
    return "host=127.0.0.1 port=" + std::to_string(port_) + " user=reader dbname=" + database;
}

std::string PostgresServer::admin_exec(const std::string& database, const std::string& sql) const {
    std::unique_ptr<PGconn, void (*)(PGconn*)> conn(PQconnectdb(admin_uri(database).c_str()), PQfinish);
    if (PQstatus(conn.get()) != CONNECTION_OK) return PQerrorMessage(conn.get());
    PQsetNoticeProcessor(
        conn.get(), [](void*, const char*) {}, nullptr);
    std::unique_ptr<PGresult, void (*)(PGresult*)> r(PQexec(conn.get(), sql.c_str()), PQclear);
    auto status = PQresultStatus(r.get());
    if (status == PGRES_COMMAND_OK || status == PGRES_TUPLES_OK || status == PGRES_EMPTY_QUERY) return {};
    return PQerrorMessage(conn.get());
}

std::string PostgresServer::admin_value(const std::string& database, const std::string& sql) const {
    std::unique_ptr<PGconn, void (*)(PGconn*)> conn(PQconnectdb(admin_uri(database).c_str()), PQfinish);
    if (PQstatus(conn.get()) != CONNECTION_OK) return {};
    std::unique_ptr<PGresult, void (*)(PGresult*)> r(PQexec(conn.get(), sql.c_str()), PQclear);
    if (PQresultStatus(r.get()) != PGRES_TUPLES_OK || PQntuples(r.get()) < 1 || PQnfields(r.get()) < 1) return {};
    return PQgetvalue(r.get(), 0, 0);
}

}  // namespace qdiff::testing
