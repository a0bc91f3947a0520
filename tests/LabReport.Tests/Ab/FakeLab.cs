using System.Diagnostics;
using LabReport.Ab;
using MeasurementLab;

namespace LabReport.Tests.Ab;

/// <summary>
/// A small world for ab's tests: a git repository with two commits of a project folder ("proj", program Fake.dll), a
/// stand-in <c>dotnet</c> that builds by creating the .dll, lists benchmarks from a file next to it and writes
/// BenchmarkDotNet-shaped full JSON reports (times scaled by FTF_CALIBRATION_SCALE, as the calibration program's
/// work is), and a private run directory whose emptiness after a run shows that ab cleaned up. No real benchmark runs.
/// </summary>
public sealed class FakeLab : IDisposable
{
    private readonly TempDirectory _root = new("ab-test-");

    public FakeLab()
    {
        Repo = Path.Combine(_root.Path, "repo");
        RunDirectory = Path.Combine(_root.Path, "run");
        Bin = Path.Combine(_root.Path, "bin");
        Directory.CreateDirectory(Path.Combine(Repo, "proj"));
        Directory.CreateDirectory(RunDirectory);
        Directory.CreateDirectory(Bin);
        File.WriteAllText(Path.Combine(Repo, "proj", "Fake.csproj"), "<Project Sdk=\"Microsoft.NET.Sdk\" />\n");
        // Benchmarks the built program lists, with their times in ns: a file the build copies next to the .dll.
        File.WriteAllText(Path.Combine(Repo, "proj", "benchmarks.txt"), "KnownWork.Chain 1000\nKnownWork.Walk 5000\n");
        Git("init", "--quiet", "-b", "main");
        Git("add", "-A");
        Git("-c", "user.name=t", "-c", "user.email=t@t", "commit", "--quiet", "-m", "first");
        File.WriteAllText(Path.Combine(Repo, "proj", "note.txt"), "second commit\n");
        Git("add", "-A");
        Git("-c", "user.name=t", "-c", "user.email=t@t", "commit", "--quiet", "-m", "second");
        Dotnet = Path.Combine(Bin, "dotnet");
        Bash.WriteExecutable(Dotnet, Script);
        Calls = Path.Combine(_root.Path, "calls.log");
    }

    /// <summary>The repository (ab's working directory).</summary>
    public string Repo { get; }

    /// <summary>FTF_RUN_DIR of the runs: empty again after every run.</summary>
    public string RunDirectory { get; }

    /// <summary>Where the stand-in tools live.</summary>
    public string Bin { get; }

    /// <summary>The stand-in dotnet.</summary>
    public string Dotnet { get; }

    /// <summary>Every call of the stand-in, one line each.</summary>
    public string Calls { get; }

    /// <summary>A folder for outputs, inside the lab.</summary>
    public string Out(string name) => Path.Combine(_root.Path, "out", name);

    /// <summary>A host that runs everything here; <paramref name="cpus"/> is the affinity list.</summary>
    public AbHost Host(string cpus = "0-1") => new()
    {
        Dotnet = Dotnet,
        WorkingDirectory = Repo,
        RunDirectory = RunDirectory,
        AllowedCpus = () => cpus,
        CaptureEnvironment = false,
    };

    /// <summary>A build folder made by the stand-in's build, outside the repository (as a user's copy of a build would be).</summary>
    public string BuildFolder(string name, string benchmarks = "KnownWork.Chain 1000\nKnownWork.Walk 5000\n")
    {
        string folder = Path.Combine(_root.Path, name);
        Directory.CreateDirectory(folder);
        File.WriteAllText(Path.Combine(folder, "Fake.dll"), "");
        File.WriteAllText(Path.Combine(folder, "benchmarks.txt"), benchmarks);
        return folder;
    }

    /// <summary>Runs ab as the lab's entry point does (usage errors as one line, exit 2).</summary>
    public ProgramRun Ab(AbHost host, IEnumerable<string> args, Func<ISideRunner, ISideRunner>? runner = null, CancellationToken stop = default)
    {
        using var output = new StringWriter();
        using var error = new StringWriter();
        var command = new SubCommand("ab", "", a => AbCommand.Run(a, output, error, host, runner, stop), AbCommand.Usage)
        {
            Invocation = "LabReport ab",
        };
        int code = LabEntryPoint.RunSubCommand(command, [.. args], output, error);
        return new ProgramRun(code, output.ToString(), error.ToString());
    }

    /// <summary>git worktrees the repository still knows besides its own.</summary>
    public IReadOnlyList<string> Worktrees() =>
        [.. Git("worktree", "list", "--porcelain").Split('\n').Where(l => l.StartsWith("worktree ", StringComparison.Ordinal)).Skip(1)];

    public string Git(params string[] args)
    {
        var start = new ProcessStartInfo("git") { WorkingDirectory = Repo, RedirectStandardOutput = true, RedirectStandardError = true };
        foreach (string a in args)
        {
            start.ArgumentList.Add(a);
        }

        using var git = Process.Start(start)!;
        string output = git.StandardOutput.ReadToEnd();
        string error = git.StandardError.ReadToEnd();
        git.WaitForExit();
        return git.ExitCode == 0 ? output : throw new InvalidOperationException($"git {string.Join(' ', args)}: {error}");
    }

    public void Dispose() => _root.Dispose();

    // The stand-in dotnet. build: a project with a build-fails file fails; with build-hangs, it waits (writing its child's pid
    // into the file named there).
    // list: the names in benchmarks.txt that match the filter's words (a '*' alone matches all). A run: one JSON report.
    private string Script => $$"""
        #!/usr/bin/env bash
        echo "$*" >> '{{Path.Combine(_root.Path, "calls.log")}}'
        if [ "$1" = build ]; then
          if [ -f "$2/build-fails" ]; then echo "error CS0001: it does not compile"; exit 1; fi
          if [ -f "$2/build-hangs" ]; then sleep 30 & echo $! > "$(cat "$2/build-hangs")"; wait; exit 1; fi
          mkdir -p "$2/bin/Release/net10.0"
          : > "$2/bin/Release/net10.0/Fake.dll"
          cp "$2/benchmarks.txt" "$2/bin/Release/net10.0/"
          exit 0
        fi
        dll=$1; shift
        list="$(dirname "$dll")/benchmarks.txt"
        if [ "$1" = --list ]; then
          shift 3
          while read -r name _; do
            for f in "$@"; do
              pattern=${f//\*/}
              if [ -z "$pattern" ] || [[ $name == *"$pattern"* ]]; then echo "Fake.$name"; break; fi
            done
          done < "$list"
          exit 0
        fi
        if [ "$1" = insert-loop ]; then
          echo "# settings"
          echo "batch  insert-ns  flush-ns"
          for b in 0 1 2 3 4; do echo "    $b  $(( b < 2 ? 9000 : 300 + b ))  7"; done
          exit 0
        fi
        if grep -q '^FAIL' "$list"; then echo "benchmark crashed" >&2; exit 1; fi
        artifacts=""
        while [ $# -gt 0 ]; do [ "$1" = --artifacts ] && artifacts=$2; shift; done
        mkdir -p "$artifacts/results"
        scale=${FTF_CALIBRATION_SCALE:-1}
        {
          echo '{"Title":"fake","Benchmarks":['
          sep=""
          grep -v '^FAIL' "$list" | while read -r name ns; do
            t=$(awk -v a="$ns" -v s="$scale" 'BEGIN { printf "%.3f", a * s }')
            printf '%s{"Type":"%s","Method":"%s","Parameters":"","DisplayInfo":"%s: Job-X(IterationCount=3)","Measurements":[' "$sep" "${name%%.*}" "${name#*.}" "$name"
            printf '{"IterationMode":"Workload","IterationStage":"Result","Operations":1,"Nanoseconds":%s},' "$t"
            printf '{"IterationMode":"Workload","IterationStage":"Result","Operations":1,"Nanoseconds":%s}]}' "$t"
            sep=","
          done
          echo ']}'
        } > "$artifacts/results/Fake.KnownWork-report-full.json"
        """;
}
