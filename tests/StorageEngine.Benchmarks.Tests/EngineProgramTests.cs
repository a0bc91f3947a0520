using System.Diagnostics;

namespace StorageEngine.Benchmarks.Tests;

/// <summary>
/// The engine's benchmark program (shared/StorageEngine.Benchmarks) goes through the same entry point as the posts;
/// run as a real process, its wrong inputs end in one line and exit code 2 before BenchmarkDotNet starts.
/// </summary>
public class EngineProgramTests
{
    [Theory]
    [InlineData(new[] { "bogus-subcommand" }, "'bogus-subcommand'")]
    [InlineData(new[] { "--bogus-option" }, "'--bogus-option'")]
    [InlineData(new[] { "--launchCount", "x" }, "launchCount")]
    [InlineData(new[] { "--iterationCount", "-3" }, "--iterationCount", "at least 1")]
    [InlineData(new[] { "--warmupCount", "99999999999" }, "warmupCount")]
    [InlineData(new[] { "--iterationTime", "0" }, "--iterationTime", "at least 1")]
    [InlineData(new[] { "--job" }, "--job needs a value")]
    [InlineData(new[] { "--artifacts", "/proc/nonexistent/out" }, "--artifacts", "'/proc/nonexistent/out'")]
    public void A_wrong_input_is_one_line_naming_it(string[] args, params string[] named) =>
        Run(args).ShouldBeUsageError(named);

    private static ProgramRun Run(string[] args)
    {
        var start = new ProcessStartInfo("dotnet")
        {
            RedirectStandardOutput = true,
            RedirectStandardError = true,
            UseShellExecute = false,
        };
        start.ArgumentList.Add(ProgramPath());
        foreach (string arg in args)
        {
            start.ArgumentList.Add(arg);
        }

        using var process = Process.Start(start)!;
        var output = process.StandardOutput.ReadToEndAsync();
        string error = process.StandardError.ReadToEnd();
        process.WaitForExit();
        return new ProgramRun(process.ExitCode, output.Result, error);
    }

    private static string ProgramPath()
    {
#if DEBUG
        const string configuration = "Debug";
#else
        const string configuration = "Release";
#endif
        var dir = new DirectoryInfo(AppContext.BaseDirectory);
        while (dir is not null && !File.Exists(Path.Combine(dir.FullName, "companion-code.sln")))
        {
            dir = dir.Parent;
        }

        string root = dir?.FullName ?? throw new InvalidOperationException("companion-code.sln not found above the test directory.");
        return Path.Combine(root, "shared", "StorageEngine.Benchmarks", "bin", configuration, "net10.0", "StorageEngine.Benchmarks.dll");
    }
}
