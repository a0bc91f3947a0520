using LabReport.Ab;

namespace LabReport.Tests.Ab;

/// <summary>The command lines a side's process gets: in-process benchmarks with a short job, a mode, and taskset in a duet.</summary>
public class SideCommandTests
{
    private static readonly AbHost Host = new() { Dotnet = "dotnet", Taskset = "taskset" };
    private static readonly Selection Benchmarks = new("shared/Calibration", ["*Walk*", "*Chain*"], null, "", 0, []);
    private static readonly Selection Mode = new("shared/StorageEngine.Benchmarks", [], "insert-loop", "insert-ns", 2, ["--batches", "7"]);

    private static Side SideOf(string name, Dictionary<string, string>? environment = null, string[]? args = null) =>
        new(name, new AbBuild("HEAD", BuildKind.Folder, null, "/b/Calibration.dll"), environment ?? [], args ?? []);

    [Fact]
    public void Benchmarks_run_in_process_with_the_short_job_into_private_artifacts()
    {
        var spec = SideCommand.For(new SideTask(3, SideOf("A"), null), Benchmarks, JobSettings.Default, Host, "/run/R3-A");

        spec.FileName.Should().Be("dotnet");
        spec.Arguments.Should().Equal("/b/Calibration.dll", "--filter", "*Walk*", "*Chain*", "--inProcess", "--warmupCount", "1", "--iterationCount", "5",
            "--iterationTime", "50", "--exporters", "fulljson", "--artifacts", "/run/R3-A/bdn");
        spec.WorkingDirectory.Should().Be("/run/R3-A");
        spec.Environment.Should().Equal(new Dictionary<string, string> { ["FTF_RUN_DIR"] = "/run/R3-A" });
    }

    [Fact]
    public void A_duet_side_starts_under_taskset_on_its_cpu()
    {
        var spec = SideCommand.For(new SideTask(2, SideOf("B"), 1), Benchmarks, JobSettings.Default with { IterationCount = 3 }, Host, "/run/R2-B");

        spec.FileName.Should().Be("taskset");
        spec.Arguments.Take(5).Should().Equal("-c", "1", "dotnet", "/b/Calibration.dll", "--filter");
        spec.Arguments.Should().ContainInOrder("--iterationCount", "3");
        spec.CommandLine.Should().StartWith("FTF_RUN_DIR=/run/R2-B taskset -c 1 dotnet /b/Calibration.dll --filter '*Walk*' '*Chain*' --inProcess");
    }

    [Fact]
    public void A_mode_gets_its_arguments_then_the_sides_own_and_the_side_environment_wins()
    {
        var side = SideOf("B", new() { ["FTF_CALIBRATION_SCALE"] = "1.05", ["FTF_RUN_DIR"] = "/elsewhere" }, ["--wal", "off"]);

        var spec = SideCommand.For(new SideTask(1, side, null), Mode, JobSettings.Default, Host, "/run/R1-B");

        spec.Arguments.Should().Equal("/b/Calibration.dll", "insert-loop", "--batches", "7", "--wal", "off");
        spec.Environment.Should().Equal(new Dictionary<string, string> { ["FTF_RUN_DIR"] = "/elsewhere", ["FTF_CALIBRATION_SCALE"] = "1.05" });
    }
}
