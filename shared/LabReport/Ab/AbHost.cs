namespace LabReport.Ab;

/// <summary>
/// What <c>ab</c> takes from the machine it runs on: the tools it starts, where its private files go, the CPUs it may
/// use and the clock. The real one is <see cref="System"/>; tests give a stand-in <c>dotnet</c>, a temporary
/// repository and a fixed CPU list, so every path through the command runs without a real benchmark.
/// </summary>
public sealed record AbHost
{
    /// <summary>The .NET host that runs a side's program and builds a commit.</summary>
    public string Dotnet { get; init; } = "dotnet";

    /// <summary>git, for commits and worktrees.</summary>
    public string Git { get; init; } = "git";

    /// <summary>taskset, which pins a duet side to its CPU.</summary>
    public string Taskset { get; init; } = "taskset";

    /// <summary>The directory the command works from (relative paths on the command line are read from here).</summary>
    public string WorkingDirectory { get; init; } = Environment.CurrentDirectory;

    /// <summary>Where private directories go: $FTF_RUN_DIR, else /var/tmp (disk-backed, unlike a tmpfs /tmp).</summary>
    public string RunDirectory { get; init; } = Environment.GetEnvironmentVariable("FTF_RUN_DIR") is { Length: > 0 } dir ? dir : "/var/tmp";

    /// <summary>The CPUs this process may run on, as the kernel lists them ("0-1", "0,2-3").</summary>
    public Func<string?> AllowedCpus { get; init; } = ReadAllowedCpus;

    /// <summary>The clock of budgets, progress and the side table.</summary>
    public TimeProvider Time { get; init; } = TimeProvider.System;

    /// <summary>False in tests: the environment capture and the machine's name come from the repository's scripts otherwise.</summary>
    public bool CaptureEnvironment { get; init; } = true;

    /// <summary>The machine this runs on.</summary>
    public static AbHost System { get; } = new();

    // The affinity mask, not the CPU count: under taskset or a container's cpuset nproc can be larger than what we get.
    private static string? ReadAllowedCpus()
    {
        const string Status = "/proc/self/status";
        if (!File.Exists(Status))
        {
            return null;
        }

        string? line = File.ReadLines(Status).FirstOrDefault(l => l.StartsWith("Cpus_allowed_list:", StringComparison.Ordinal));
        return line?["Cpus_allowed_list:".Length..].Trim();
    }
}
