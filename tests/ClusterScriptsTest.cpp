// The shipped cluster jobs agree (the census's and the balance runs'): the Kubernetes Indexed Job
// (scripts/cluster/census-job.yaml) runs the very census command of the Slurm array task
// (census-shard.sbatch), with the job's index where Slurm has the array task id, the same shard count
// variable, and as many completions as shards. Nothing here runs a cluster: tests/slurm_census_test.sh runs
// the Slurm scripts on a live Slurm.
#include <gtest/gtest.h>

#include <fstream>
#include <iterator>
#include <regex>
#include <string>

namespace {

std::string shipped(const std::string& name) {
    std::ifstream in(std::string(TLALOC_SOURCE_DIR) + "/scripts/cluster/" + name);
    EXPECT_TRUE(in) << name;
    return {std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
}

// The command of a script, from `marker` ("xalapa census --level", "$GAME balance") to the end of its
// line, with the shard's index variable written K.
std::string shard_command(const std::string& text, const std::string& index_variable,
                          const std::string& marker = "xalapa census --level") {
    const auto at = text.find(marker);
    EXPECT_NE(at, std::string::npos);
    std::string command = text.substr(at, text.find('\n', at) - at);
    EXPECT_NE(command.find("$" + index_variable), std::string::npos) << command;
    return std::regex_replace(command, std::regex("\\$" + index_variable + "\\b"), "$K");
}

// The value of `key: value` in the manifest, quotes removed.
std::string yaml_value(const std::string& text, const std::string& key) {
    std::smatch m;
    EXPECT_TRUE(std::regex_search(text, m, std::regex("\\n\\s*" + key + ":\\s*\"?([^\"\\n]*)\"?\\n"))) << key;
    return m.size() > 1 ? m[1].str() : "";
}

// The value given to the environment variable `name` in the manifest's container.
std::string yaml_env(const std::string& text, const std::string& name) {
    std::smatch m;
    EXPECT_TRUE(std::regex_search(
        text, m, std::regex("- name: " + name + "\\s*\\n\\s*value:\\s*\"?([^\"\\n]*)\"?\\n")))
        << name;
    return m.size() > 1 ? m[1].str() : "";
}

}  // namespace

TEST(ClusterScripts, KubernetesJobRunsTheSlurmTasksCensusCommand) {
    const std::string slurm = shard_command(shipped("census-shard.sbatch"), "SLURM_ARRAY_TASK_ID");
    const std::string kube = shard_command(shipped("census-job.yaml"), "JOB_COMPLETION_INDEX");
    EXPECT_EQ(kube, slurm);
    EXPECT_NE(slurm.find("--shard \"$K/$SHARDS\""), std::string::npos) << slurm;
    EXPECT_NE(slurm.find("--resume --out \"$OUT/census-$LEVEL-$K.jsonl\""), std::string::npos) << slurm;
}

TEST(ClusterScripts, KubernetesJobIsIndexedWithOneCompletionPerShard) {
    const std::string job = shipped("census-job.yaml");
    EXPECT_EQ(yaml_value(job, "completionMode"), "Indexed");
    EXPECT_EQ(yaml_value(job, "completions"), yaml_env(job, "SHARDS"));
    for (const char* variable : {"LEVEL", "SHARDS", "CENSUS_ARGS", "OUT"})
        EXPECT_FALSE(yaml_env(job, variable).empty());
}

// The Slurm side of the same arithmetic: one array task per shard, 0 .. SHARDS-1, requeued tasks
// continue their files, and the merge waits for the whole array to end well.
TEST(ClusterScripts, SlurmArrayHasOneTaskPerShardAndTheMergeWaitsForIt) {
    const std::string submit = shipped("submit-census.sh");
    EXPECT_NE(submit.find("--array=\"0-$((SHARDS - 1))\""), std::string::npos);
    EXPECT_NE(submit.find("--dependency=\"afterok:$array\""), std::string::npos);
    EXPECT_NE(submit.find("export TLALOC LEVEL SHARDS OUT CENSUS_ARGS"), std::string::npos);
    const std::string task = shipped("census-shard.sbatch");
    EXPECT_NE(task.find("#SBATCH --requeue"), std::string::npos);
    EXPECT_NE(task.find("#SBATCH --open-mode=append"), std::string::npos);
    EXPECT_NE(shipped("census-merge.sbatch").find("census-$LEVEL-$k.jsonl"), std::string::npos);
}

// The balance run's jobs: the same agreement between the Kubernetes Indexed Job and the Slurm task,
// the same arithmetic (one task per shard, --resume on the task's own file, the merge after the array).
TEST(ClusterScripts, BalanceJobsRunTheSameShardCommand) {
    const std::string slurm =
        shard_command(shipped("balance-shard.sbatch"), "SLURM_ARRAY_TASK_ID", "$GAME balance");
    const std::string kube =
        shard_command(shipped("balance-job.yaml"), "JOB_COMPLETION_INDEX", "$GAME balance");
    EXPECT_EQ(kube, slurm);
    EXPECT_NE(slurm.find("--shard \"$K/$SHARDS\" $BALANCE_ARGS --resume --out \"$OUT/balance-$K.jsonl\""),
              std::string::npos)
        << slurm;
    const std::string job = shipped("balance-job.yaml");
    EXPECT_EQ(yaml_value(job, "completionMode"), "Indexed");
    EXPECT_EQ(yaml_value(job, "completions"), yaml_env(job, "SHARDS"));
    for (const char* variable : {"GAME", "SHARDS", "BALANCE_ARGS", "OUT"})
        EXPECT_FALSE(yaml_env(job, variable).empty());

    const std::string submit = shipped("submit-balance.sh");
    EXPECT_NE(submit.find("--array=\"0-$((SHARDS - 1))\""), std::string::npos);
    EXPECT_NE(submit.find("--dependency=\"afterok:$array\""), std::string::npos);
    EXPECT_NE(submit.find("export TLALOC GAME SHARDS OUT BALANCE_ARGS"), std::string::npos);
    const std::string task = shipped("balance-shard.sbatch");
    EXPECT_NE(task.find("#SBATCH --requeue"), std::string::npos);
    EXPECT_NE(task.find("#SBATCH --open-mode=append"), std::string::npos);
    EXPECT_NE(shipped("balance-merge.sbatch").find("$OUT/balance-$k.jsonl"), std::string::npos);
}
