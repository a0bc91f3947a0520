using LabReport.Charts;

namespace LabReport.Tests;

/// <summary>
/// A fixture run reported into its private copy, with the charts' writer kept: every chart the report drew, its model
/// and its text boxes. "full+sweep+flame" is the full fixture with post 5's recorded cache sweep (Fixtures/sweep) and
/// flame-graph folded stacks (Fixtures/flame) added, so every chart of the report is drawn.
/// </summary>
public sealed class ChartedRun : IDisposable
{
    /// <summary>The fixtures whose charts the chart tests look at.</summary>
    public static readonly string[] Fixtures = ["full+sweep+flame", "smoke", "prologue", "engine-full", "engine-quick", "rounds"];

    private ChartedRun(RunFixture run, ChartWriter charts, IReadOnlyList<LabReport.Sections.PostReport> posts)
    {
        Run = run;
        Charts = charts;
        Posts = posts;
    }

    /// <summary>The private copy the report was written into.</summary>
    public RunFixture Run { get; }

    /// <summary>The writer that drew the charts (its Written list).</summary>
    public ChartWriter Charts { get; }

    /// <summary>The report's sections.</summary>
    public IReadOnlyList<LabReport.Sections.PostReport> Posts { get; }

    /// <summary>Copies <paramref name="fixture"/> (see <see cref="Fixtures"/>) and draws its report's charts into the copy.</summary>
    public static ChartedRun Of(string fixture)
    {
        string[] parts = fixture.Split('+');
        var run = RunFixture.Copy(parts[0]);
        if (parts.Contains("sweep"))
        {
            foreach (string file in new[] { "cache-sweep.csv", "caches.json" })
            {
                File.Copy(Path.Combine(RunFixture.FixturesRoot, "sweep", file), run.File(Path.Combine("hardware-counters", file)));
            }
        }

        if (parts.Contains("flame"))
        {
            string folder = run.File(Path.Combine("hardware-counters", "flame-graph"));
            Directory.CreateDirectory(folder);
            foreach (string file in Directory.GetFiles(Path.Combine(RunFixture.FixturesRoot, "flame")))
            {
                File.Copy(file, Path.Combine(folder, Path.GetFileName(file)));
            }
        }

        var charts = new ChartWriter(run.Path);
        var posts = ReportCommand.Build(RunFolder.Open(run.Path), charts);
        return new ChartedRun(run, charts, posts);
    }

    /// <inheritdoc />
    public void Dispose() => Run.Dispose();
}
