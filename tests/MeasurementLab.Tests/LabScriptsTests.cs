using System.Diagnostics;

namespace MeasurementLab.Tests;

/// <summary>The repository's shared scripts: help, usage errors, missing tools. They run as real processes.</summary>
public class LabScriptsTests
{
    private static readonly string Root = FindRoot();

    [Theory]
    [InlineData("scripts/run-all.sh")]
    [InlineData("scripts/profile.sh")]
    [InlineData("scripts/capture-env.sh")]
    public void Help_exits_zero_and_shows_usage(string script)
    {
        var (code, stdout, _) = Run(script, ["--help"]);
        code.Should().Be(0);
        stdout.Should().Contain("Usage:");
    }

    [Theory]
    [InlineData("scripts/run-all.sh", new[] { "--profile", "fast" }, "--profile must be smoke, quick or full")]
    [InlineData("scripts/run-all.sh", new[] { "--post", "no-such-post" }, "is not a post")]
    [InlineData("scripts/run-all.sh", new[] { "--frobnicate" }, "unknown argument")]
    [InlineData("scripts/profile.sh", new string[0], "no command to profile")]
    [InlineData("scripts/profile.sh", new[] { "--frequency", "fast", "--", "true" }, "--frequency must be a whole number")]
    [InlineData("scripts/capture-env.sh", new[] { "--bogus" }, "unknown argument")]
    public void Bad_arguments_exit_2_naming_the_problem(string script, string[] args, string message)
    {
        var (code, _, stderr) = Run(script, args);
        code.Should().Be(2);
        stderr.Should().Contain(message).And.Contain("Usage:");
    }

    [Fact]
    public void Profile_without_perf_says_what_to_install()
    {
        // A PATH with bash and coreutils but no perf.
        string bin = Path.Combine(Path.GetTempPath(), "ftf-noperf-" + Guid.NewGuid().ToString("N")[..8]);
        Directory.CreateDirectory(bin);
        try
        {
            foreach (string tool in new[] { "bash", "dirname", "date", "cat", "mkdir", "printf" })
            {
                string? target = FindOnPath(tool);
                if (target is not null)
                {
                    File.CreateSymbolicLink(Path.Combine(bin, tool), target);
                }
            }

            var (code, _, stderr) = Run("scripts/profile.sh", ["--", "true"], path: bin);
            code.Should().Be(3);
            stderr.Should().Contain("perf").And.Contain("apt-get install");
        }
        finally
        {
            Directory.Delete(bin, recursive: true);
        }
    }

    [Fact]
    public void Machine_id_is_a_stable_slug()
    {
        var (code, first, _) = Run("scripts/machine-id.sh", []);
        var (_, second, _) = Run("scripts/machine-id.sh", []);
        code.Should().Be(0);
        first.Trim().Should().MatchRegex("^[a-z0-9-]+-[0-9]+c(-vm)?$").And.Be(second.Trim());
    }

    private static (int Code, string Stdout, string Stderr) Run(string script, string[] args, string? path = null)
    {
        var start = new ProcessStartInfo(Path.Combine(Root, script))
        {
            RedirectStandardOutput = true,
            RedirectStandardError = true,
            UseShellExecute = false,
            WorkingDirectory = Root,
        };
        foreach (string arg in args)
        {
            start.ArgumentList.Add(arg);
        }

        if (path is not null)
        {
            start.Environment["PATH"] = path;
        }

        using var process = Process.Start(start)!;
        var stdout = process.StandardOutput.ReadToEndAsync();
        string stderr = process.StandardError.ReadToEnd();
        process.WaitForExit();
        return (process.ExitCode, stdout.Result, stderr);
    }

    private static string? FindOnPath(string tool) =>
        (Environment.GetEnvironmentVariable("PATH") ?? "").Split(':')
            .Select(dir => Path.Combine(dir, tool)).FirstOrDefault(File.Exists);

    private static string FindRoot()
    {
        var dir = new DirectoryInfo(AppContext.BaseDirectory);
        while (dir is not null && !File.Exists(Path.Combine(dir.FullName, "companion-code.sln")))
        {
            dir = dir.Parent;
        }

        return dir?.FullName ?? throw new InvalidOperationException("companion-code.sln not found above the test directory.");
    }
}
