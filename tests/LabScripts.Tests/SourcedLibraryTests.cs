namespace LabScripts.Tests;

/// <summary>
/// Shell libraries are sourced, never run: run on their own they would define functions and exit 0, which looks like
/// success. They are not executable, and run with bash anyway they say what to run instead and exit 2.
/// </summary>
public class SourcedLibraryTests
{
    [Theory]
    [InlineData("scripts/lib/common.sh", "scripts/run-all.sh --help")]
    [InlineData("first-things-first/hardware-counters/Scripts/runner.sh", "perf-stat.sh, flame-graph.sh and run-scaling.sh")]
    public void A_library_run_on_its_own_refuses_with_one_line_and_exit_2(string library, string pointer)
    {
        var result = Bash.Run(library, []);

        result.ExitCode.Should().Be(2, result.ToString());
        result.Stdout.Should().BeEmpty();
        result.StderrLines.Should().ContainSingle().Which.Should().StartWith($"error: {Path.Combine(Bash.RepoRoot, library)} is a library").And.Contain(pointer);
    }

    [Theory]
    [InlineData("scripts/lib/common.sh")]
    [InlineData("first-things-first/hardware-counters/Scripts/runner.sh")]
    [System.Runtime.Versioning.UnsupportedOSPlatform("windows")]
    public void A_library_is_not_executable(string library)
    {
        var mode = File.GetUnixFileMode(Path.Combine(Bash.RepoRoot, library));

        (mode & (UnixFileMode.UserExecute | UnixFileMode.GroupExecute | UnixFileMode.OtherExecute)).Should().Be(UnixFileMode.None);
    }

    [Fact]
    public void Sourced_it_defines_its_functions_and_says_nothing()
    {
        var result = Bash.Code(". first-things-first/hardware-counters/Scripts/runner.sh; declare -F hc_build lab_root");

        result.ExitCode.Should().Be(0, result.ToString());
        result.Stdout.Split('\n', StringSplitOptions.RemoveEmptyEntries).Should().Equal("hc_build", "lab_root");
        result.Stderr.Should().BeEmpty();
    }
}
