namespace LabScripts.Tests;

/// <summary>Every lab-run.sh hook that scripts/run-all.sh runs, in run order (the engine first).</summary>
internal static class Hooks
{
    public static readonly string[] All =
    [
        "shared/StorageEngine.Benchmarks/lab-run.sh",
        "first-things-first/why-benchmarks-lie/lab-run.sh",
        "first-things-first/enemies-of-measurement/lab-run.sh",
        "first-things-first/coordinated-omission/lab-run.sh",
        "first-things-first/statistics-that-matter/lab-run.sh",
        "first-things-first/hardware-counters/lab-run.sh",
    ];

    public static TheoryData<string> Theory()
    {
        var data = new TheoryData<string>();
        foreach (string hook in All)
        {
            data.Add(hook);
        }

        return data;
    }

    /// <summary>The seconds a hook declares for a profile (lab-run.sh --estimate PROFILE).</summary>
    public static int Estimate(string hook, string profile)
    {
        var result = Bash.Run(hook, ["--estimate", profile]);
        result.ExitCode.Should().Be(0, result.ToString());
        return int.Parse(result.Stdout.Trim(), System.Globalization.CultureInfo.InvariantCulture);
    }
}
