using System.Diagnostics;
using System.Text.Json;

namespace Ab.Tests;

/// <summary>
/// The tool as a user gets it: packed, installed into a private tool path, and run on a small BenchmarkDotNet project in
/// a temporary git repository outside this one, whose second commit makes one benchmark do twenty times the work. Slow (a
/// pack, two builds of the project, a few rounds): <c>--filter "Category!=Slow"</c> leaves it out; CI runs it.
/// </summary>
[Trait("Category", "Slow")]
public sealed class InstalledToolTests(InstalledTool installed) : IClassFixture<InstalledTool>, IDisposable
{
    private readonly TempDirectory _temp = new("ab-installed-");

    public void Dispose() => _temp.Dispose();

    private string Install() => installed.Tool;

    private const string ProjectFile = """
        <Project Sdk="Microsoft.NET.Sdk">
          <PropertyGroup>
            <OutputType>Exe</OutputType>
            <TargetFramework>net10.0</TargetFramework>
            <ImplicitUsings>enable</ImplicitUsings>
          </PropertyGroup>
          <ItemGroup>
            <PackageReference Include="BenchmarkDotNet" Version="0.15.8" />
          </ItemGroup>
        </Project>
        """;

    /// <summary>The benchmarks; <paramref name="changedSteps"/> is the work of the one that changes.</summary>
    private static string Program(int changedSteps) => $$"""
        using BenchmarkDotNet.Attributes;
        using BenchmarkDotNet.Running;

        BenchmarkSwitcher.FromAssembly(typeof(Work).Assembly).Run(args);

        public class Work
        {
            [Benchmark]
            public long Changed() => Loop({{changedSteps}});

            [Benchmark]
            public long Untouched() => Loop(20_000);

            private static long Loop(int steps)
            {
                long sum = 0;
                for (int i = 0; i < steps; i++)
                {
                    sum += i * 7 % 13;
                }

                return sum;
            }
        }
        """;

    internal static ProcessResult Run(string file, string directory, params string[] args)
    {
        var result = ChildProcess.Run(file, args, directory, CancellationToken.None, timeout: TimeSpan.FromMinutes(4));
        return result;
    }

    private string Repository()
    {
        string root = Path.Combine(_temp.Path, "perf-repo");
        Directory.CreateDirectory(Path.Combine(root, "src", "Perf"));
        File.WriteAllText(Path.Combine(root, "src", "Perf", "Perf.csproj"), ProjectFile);
        File.WriteAllText(Path.Combine(root, "src", "Perf", "Program.cs"), Program(20_000));
        Git(root, "init", "-q");
        Git(root, "add", "-A");
        Git(root, "-c", "user.name=t", "-c", "user.email=t@t", "commit", "-q", "-m", "before");
        File.WriteAllText(Path.Combine(root, "src", "Perf", "Program.cs"), Program(400_000));
        Git(root, "-c", "user.name=t", "-c", "user.email=t@t", "commit", "-q", "-am", "after: Changed does twenty times the work");
        // Then a Main that ignores its arguments: BenchmarkDotNet would run every benchmark with its default job.
        File.WriteAllText(Path.Combine(root, "src", "Perf", "Program.cs"),
            Program(400_000).Replace("BenchmarkSwitcher.FromAssembly(typeof(Work).Assembly).Run(args);", "BenchmarkRunner.Run<Work>();", StringComparison.Ordinal));
        Git(root, "-c", "user.name=t", "-c", "user.email=t@t", "commit", "-q", "-am", "a Main that ignores its arguments");
        return root;
    }

    private static void Git(string directory, params string[] args)
    {
        var git = Run("git", directory, args);
        git.ExitCode.Should().Be(0, git.Output);
    }

    [Fact]
    public void The_installed_tool_finds_the_changed_benchmark_slower_and_fails_on_it()
    {
        string tool = Install();
        string repository = Repository();
        string output = Path.Combine(_temp.Path, "out");

        var run = Run(tool, Path.Combine(repository, "src"), "--a", "HEAD~2", "--b", "HEAD~1", "--project", "Perf", "--filter", "*Work*",
            "--threshold", "10%", "--max-rounds", "12", "--iterations", "3", "--iteration-time", "20", "--fail-on", "slower", "--out", output);

        run.ExitCode.Should().Be(AbProgram.FailOnExitCode, run.Output);
        using var summary = JsonDocument.Parse(File.ReadAllText(Path.Combine(output, "summary.json")));
        var verdicts = summary.RootElement.GetProperty("benchmarks").EnumerateArray()
            .ToDictionary(b => b.GetProperty("name").GetString()!, b => b.GetProperty("verdict").GetString());
        verdicts.Should().ContainKey("Work.Changed").WhoseValue.Should().Be("slower");
        verdicts.Should().ContainKey("Work.Untouched").WhoseValue.Should().NotBe("slower");
        File.ReadAllText(Path.Combine(output, "summary.md")).Should().Contain("| Work.Changed |");
        // The private worktrees are gone, and git has no record of them.
        Run("git", repository, "worktree", "list").Output.Trim().Split('\n').Should().ContainSingle();

        // A filter that matches nothing: one line, exit 2.
        var none = Run(tool, repository, "--aa", "HEAD~1", "--project", "src/Perf/Perf.csproj", "--filter", "*NoSuchBenchmark*");
        none.ExitCode.Should().Be(AbProgram.UsageExitCode, none.Output);
        none.Output.Should().Contain("ab: no benchmark of HEAD~1 matches --filter *NoSuchBenchmark* (2 listed without it)");

        // A Main that does not pass its arguments on: stopped as soon as it starts measuring, one line, exit 2.
        var ignoring = Run(tool, repository, "--aa", "HEAD", "--project", "src/Perf/Perf.csproj");
        ignoring.ExitCode.Should().Be(AbProgram.UsageExitCode, ignoring.Output);
        ignoring.Output.Should().Contain("ab: the program of HEAD ran benchmarks instead of listing them: its Main must hand its arguments to BenchmarkDotNet");
        Run("git", repository, "worktree", "list").Output.Trim().Split('\n').Should().ContainSingle();
    }

    [Fact]
    public void Ctrl_C_during_the_rounds_stops_the_sides_and_removes_the_worktrees()
    {
        string tool = Install();
        string repository = Repository();
        string privateTemp = Path.Combine(_temp.Path, "tmp");
        Directory.CreateDirectory(privateTemp);
        var info = new ProcessStartInfo(tool) { WorkingDirectory = repository, RedirectStandardOutput = true, RedirectStandardError = true };
        foreach (string arg in new[] { "--aa", "HEAD~1", "--project", "src/Perf/Perf.csproj", "--iterations", "3", "--iteration-time", "20", "--out", Path.Combine(_temp.Path, "out") })
        {
            info.ArgumentList.Add(arg);
        }

        // The tool's private folder goes where this test can see it.
        info.Environment["TMPDIR"] = privateTemp;
        using var ab = new Process { StartInfo = info };
        using var firstRound = new ManualResetEventSlim();
        var log = new System.Collections.Concurrent.ConcurrentQueue<string>();
        void OnLine(object sender, DataReceivedEventArgs e)
        {
            if (e.Data is { } line)
            {
                log.Enqueue(line);
                if (line.StartsWith("ab: round 1 ", StringComparison.Ordinal))
                {
                    firstRound.Set();
                }
            }
        }

        ab.OutputDataReceived += OnLine;
        ab.ErrorDataReceived += OnLine;
        ab.Start();
        ab.BeginOutputReadLine();
        ab.BeginErrorReadLine();
        // Safety limits only: the assertions are on what the tool leaves behind, not on how long it took.
        firstRound.Wait(TimeSpan.FromMinutes(3)).Should().BeTrue(string.Join('\n', log));
        Run("kill", _temp.Path, "-INT", ab.Id.ToString(System.Globalization.CultureInfo.InvariantCulture)).ExitCode.Should().Be(0);
        ab.WaitForExit(TimeSpan.FromMinutes(1)).Should().BeTrue();
        ab.WaitForExit();

        ab.ExitCode.Should().Be(AbProgram.InterruptedExitCode, string.Join('\n', log));
        // The runtime's own diagnostic pipes may live there too: ab's folder is the one named ab-*.
        Directory.EnumerateFileSystemEntries(privateTemp, "ab-*").Should().BeEmpty("the worktrees and builds are removed on Ctrl-C");
        Run("git", repository, "worktree", "list").Output.Trim().Split('\n').Should().ContainSingle();
        File.ReadAllText(Path.Combine(_temp.Path, "out", "summary.json")).Should().Contain("\"stop\": \"interrupted\"");
    }
}

/// <summary>
/// tools/Ab packed and installed into a temporary tool path, once for the class. The install reads packages through a
/// packages folder of its own: the machine's would hand back an earlier package of the same version. (A version of the
/// test's own would rebuild the libraries the tool references, which other test projects are using.)
/// </summary>
public sealed class InstalledTool : IDisposable
{
    private readonly TempDirectory _temp = new("ab-tool-");

    public InstalledTool()
    {
        string packages = Path.Combine(_temp.Path, "packages");
        var pack = InstalledToolTests.Run("dotnet", Bash.RepoRoot, "pack", Path.Combine(Bash.RepoRoot, "tools", "Ab", "Ab.csproj"), "-c", "Release", "-o", packages, "--nologo");
        pack.ExitCode.Should().Be(0, pack.Output);
        string toolPath = Path.Combine(_temp.Path, "tools");
        var install = ChildProcess.Run("dotnet", ["tool", "install", "FirstThingsFirst.Ab", "--tool-path", toolPath, "--add-source", packages], _temp.Path,
            CancellationToken.None, timeout: TimeSpan.FromMinutes(4), environment: new Dictionary<string, string> { ["NUGET_PACKAGES"] = Path.Combine(_temp.Path, "nuget") });
        install.ExitCode.Should().Be(0, install.Output);
        Tool = Path.Combine(toolPath, OperatingSystem.IsWindows() ? "dotnet-ab.exe" : "dotnet-ab");
    }

    /// <summary>The installed command.</summary>
    public string Tool { get; }

    public void Dispose() => _temp.Dispose();
}
