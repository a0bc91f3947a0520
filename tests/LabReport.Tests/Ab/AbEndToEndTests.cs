using LabReport.Ab;

namespace LabReport.Tests.Ab;

/// <summary>
/// One short real run: shared/Calibration's Release build against itself, one benchmark, two rounds of two iterations of
/// 10 ms — a few seconds. It proves that a side really runs in-process, writes a full JSON report ab can read and that
/// the whole folder is written; it asserts nothing about speed. BenchmarkDotNet refuses a Debug build, so a Debug test
/// run (the README's plain `dotnet test`) builds the Release one first.
/// </summary>
public class AbEndToEndTests
{
    [Fact]
    public void An_aa_run_of_one_calibration_benchmark_writes_a_complete_folder()
    {
        string configuration = new DirectoryInfo(AppContext.BaseDirectory.TrimEnd(Path.DirectorySeparatorChar)).Parent!.Name; // bin/<configuration>/net10.0
        if (configuration != "Release")
        {
            var built = Bash.Code("dotnet build shared/Calibration -c Release --nologo -v quiet");
            built.ExitCode.Should().Be(0, built.ToString());
        }

        string build = Path.Combine(Bash.RepoRoot, "shared", "Calibration", "bin", "Release", "net10.0");
        using var run = new TempDirectory("ab-e2e-");
        string folder = Path.Combine(run.Path, "out");
        var host = new AbHost { WorkingDirectory = Bash.RepoRoot, RunDirectory = run.Path, CaptureEnvironment = false };
        var output = new StringWriter();
        var error = new StringWriter();

        int code = AbCommand.Run(["--aa", build, "--project", "shared/Calibration", "--filter", "*KnownWork.ArithmeticChain", "--rounds", "3",
            "--iterations", "2", "--iteration-time", "10", "--out", folder], output, error, host);

        code.Should().Be(0, error.ToString());
        string row = output.ToString().Split('\n').Single(l => l.StartsWith("| KnownWork.ArithmeticChain ", StringComparison.Ordinal));
        row.Should().MatchRegex(@"\| \d\.\d{3} \[\d+\.\d{3}; \d+\.\d{3}\] \| \*\*(same|faster|slower)\*\* \| +3 \|");
        File.ReadAllLines(Path.Combine(folder, "sides.tsv")).Should().HaveCount(7);
        File.Exists(Path.Combine(folder, AbCommand.AaFile)).Should().BeTrue();
        Directory.EnumerateFileSystemEntries(run.Path).Should().Equal([folder], "the private directory is gone");
    }
}
