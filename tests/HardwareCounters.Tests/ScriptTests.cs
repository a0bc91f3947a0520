namespace HardwareCounters.Tests;

/// <summary>The scripts' contract: --help, clear usage errors (exit 2), and a missing tool named with its package (exit 3).</summary>
public class ScriptTests
{
    private const string Scripts = "first-things-first/hardware-counters/Scripts/";
    private const string LabRun = "first-things-first/hardware-counters/lab-run.sh";

    public static TheoryData<string> AllScripts => new()
    {
        Scripts + "perf-stat.sh",
        Scripts + "flame-graph.sh",
        Scripts + "run-scaling.sh",
        LabRun,
    };

    public static TheoryData<string> PerfScripts => new()
    {
        Scripts + "perf-stat.sh",
        Scripts + "flame-graph.sh",
        Scripts + "run-scaling.sh",
    };

    [Theory]
    [MemberData(nameof(AllScripts))]
    public void Help_prints_usage_and_succeeds(string script)
    {
        var result = Bash.Script(script, ["--help"]);

        result.ExitCode.Should().Be(0, result.Stderr);
        result.Stdout.Should().StartWith("Usage:").And.Contain(Path.GetFileName(script));
    }

    [Theory]
    [MemberData(nameof(PerfScripts))]
    public void Without_perf_the_script_says_how_to_install_it_and_exits_3(string script)
    {
        using var path = new PathWithout(["perf"]);

        var result = Bash.Script(script, [], path.Environment);

        result.ExitCode.Should().Be(3, result.Stdout + result.Stderr);
        result.Stderr.Should().Contain("perf is not installed").And.Contain("linux-perf");
    }

    [Fact]
    public void Without_dotnet_perf_stat_says_how_to_install_it_and_exits_3()
    {
        using var path = new PathWithout(["dotnet"], stubs: [Bash.Which("perf") is null ? "perf" : "unused-stub"]);

        var result = Bash.Script(Scripts + "perf-stat.sh", ["1000"], path.Environment);

        result.ExitCode.Should().Be(3, result.Stdout + result.Stderr);
        result.Stderr.Should().Contain("dotnet is not installed");
    }

    [Fact]
    public void Run_scaling_needs_no_perf_when_perf_is_skipped_but_still_needs_dotnet()
    {
        using var path = new PathWithout(["perf", "dotnet"]);

        var result = Bash.Script(Scripts + "run-scaling.sh", ["--skip-perf"], path.Environment);

        result.ExitCode.Should().Be(3);
        result.Stderr.Should().Contain("dotnet is not installed").And.NotContain("perf is not installed");
    }

    [Theory]
    [InlineData(Scripts + "perf-stat.sh", new[] { "--frobnicate" }, "unknown option '--frobnicate'")]
    [InlineData(Scripts + "perf-stat.sh", new[] { "abc" }, "N must be a whole number")]
    [InlineData(Scripts + "perf-stat.sh", new[] { "0" }, "N must be between 1 and 268435456")]
    [InlineData(Scripts + "perf-stat.sh", new[] { "1000", "2000" }, "only one N")]
    [InlineData(Scripts + "perf-stat.sh", new[] { "--seconds", "-1" }, "--seconds must be a number greater than 0")]
    [InlineData(Scripts + "perf-stat.sh", new[] { "--out" }, "--out needs a directory")]
    [InlineData(Scripts + "flame-graph.sh", new[] { "--mode", "sideways" }, "--mode must be sequential, random or both")]
    [InlineData(Scripts + "flame-graph.sh", new[] { "--frequency", "0" }, "--frequency must be 1 to 10000")]
    [InlineData(Scripts + "flame-graph.sh", new[] { "--frequency", "fast" }, "--frequency must be a whole number")]
    [InlineData(Scripts + "run-scaling.sh", new[] { "--skip-bdn", "--skip-perf" }, "--skip-bdn and --skip-perf together leave nothing to run")]
    [InlineData(Scripts + "run-scaling.sh", new[] { "--sizes", "1000,x" }, "N must be a whole number")]
    [InlineData(Scripts + "run-scaling.sh", new[] { "--filter", "*" }, "unknown argument '--filter' (BenchmarkDotNet arguments go after --)")]
    [InlineData(LabRun, new[] { "bogus", "/tmp/unused" }, "PROFILE must be smoke, quick or full")]
    [InlineData(LabRun, new string[0], "PROFILE and OUTDIR are required")]
    public void Bad_arguments_exit_2_with_the_reason_and_the_usage(string script, string[] args, string message)
    {
        var result = Bash.Script(script, args);

        result.ExitCode.Should().Be(2, result.Stdout + result.Stderr);
        result.Stderr.Should().Contain("error: " + message).And.Contain("Usage:");
    }
}
