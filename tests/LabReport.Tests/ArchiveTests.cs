using System.IO.Compression;
using System.Text.Json;
using LabReport.RunFiles;

namespace LabReport.Tests;

/// <summary><c>archive</c> on copies of the full fixture: gzipped in place and read back the same, or reduced to its summary.</summary>
public sealed class ArchiveTests : IDisposable
{
    private const string AnnotatedJson = "statistics-that-matter/StatisticsThatMatter.EffectSizeDemo-report-full-annotated.json";
    private readonly List<RunFixture> _runs = [];

    public void Dispose()
    {
        foreach (var run in _runs)
        {
            run.Dispose();
        }
    }

    private RunFixture Reported()
    {
        var run = RunFixture.Copy("full");
        _runs.Add(run);
        RunFixture.Run("report", run.Path).Code.Should().Be(0);
        return run;
    }

    // verdicts.json's claims, the part a re-render must reproduce.
    private static string Claims(RunFixture run) =>
        JsonDocument.Parse(File.ReadAllText(run.File(VerdictsFile.FileName))).RootElement.GetProperty("claims").GetRawText();

    [Fact]
    public void An_archived_run_reads_back_to_the_same_verdicts()
    {
        var run = Reported();
        string before = Claims(run);
        string raw = File.ReadAllText(run.File(AnnotatedJson));

        var (code, output, error) = RunFixture.Run("archive", run.Path);

        code.Should().Be(0, error);
        output.Should().Contain("gzipped");
        File.Exists(run.File(AnnotatedJson)).Should().BeFalse();
        using (var gz = new GZipStream(File.OpenRead(run.File(AnnotatedJson + ".gz")), CompressionMode.Decompress))
        using (var reader = new StreamReader(gz))
        {
            reader.ReadToEnd().Should().Be(raw);
        }

        File.ReadAllText(run.File("report.md")).Should().Contain($"]({AnnotatedJson}.gz)").And.NotContain($"]({AnnotatedJson})");
        RunFixture.Run("report", run.Path).Code.Should().Be(0);
        Claims(run).Should().Be(before);
        File.ReadAllText(run.File("report.md")).Should().Contain($"]({AnnotatedJson}.gz)");
    }

    [Fact]
    public void Archiving_again_changes_nothing()
    {
        var run = Reported();
        RunFixture.Run("archive", run.Path).Code.Should().Be(0);
        var files = Directory.GetFiles(run.Path, "*", SearchOption.AllDirectories).Order(StringComparer.Ordinal)
            .Select(f => (f, File.ReadAllBytes(f))).ToList();

        var (code, output, _) = RunFixture.Run("archive", run.Path);

        code.Should().Be(0);
        output.Should().Contain("0 gzipped, 0 removed, 0 rewritten");
        Directory.GetFiles(run.Path, "*", SearchOption.AllDirectories).Order(StringComparer.Ordinal)
            .Select(f => (f, File.ReadAllBytes(f))).Should().BeEquivalentTo(files, o => o.WithStrictOrdering());
    }

    [Fact]
    public void The_machines_paths_become_repo_relative_or_temp()
    {
        var run = Reported();
        File.WriteAllText(run.File("timings.md"), "| **total** | 29:01 | /var/tmp/final/full-5/results/m/2026-11-27-full-5 |\n| fs | /var/tmp: ext4 |\n");
        File.WriteAllText(run.File("engine/run.log"), "wrote /tmp/labtmp-123/wal.log\n");

        RunFixture.Run("archive", run.Path).Code.Should().Be(0);

        File.ReadAllText(run.File("timings.md")).Should().Be("| **total** | 29:01 | results/m/2026-11-27-full-5 |\n| fs | /var/tmp: ext4 |\n");
        using var gz = new GZipStream(File.OpenRead(run.File("engine/run.log.gz")), CompressionMode.Decompress);
        new StreamReader(gz).ReadToEnd().Should().Be("wrote <temp>\n");
    }

    [Fact]
    public void A_summary_keeps_the_summary_files_and_unlinks_the_rest()
    {
        var run = Reported();
        File.WriteAllText(run.File("timings.md"), "timings\n");
        string before = Claims(run);

        var (code, _, error) = RunFixture.Run("archive", run.Path, "--summary");

        code.Should().Be(0, error);
        Directory.GetDirectories(run.Path).Should().BeEmpty();
        Directory.GetFiles(run.Path).Select(Path.GetFileName).Should().BeEquivalentTo("environment.md", "report.md", "timings.md", VerdictsFile.FileName);
        Claims(run).Should().Be(before);
        string report = File.ReadAllText(run.File("report.md"));
        report.Should().NotContain($"]({AnnotatedJson}").And.Contain("environment.md)");
        RunArchive.IsSummaryOnly(run.Path).Should().BeTrue();
    }

    [Fact]
    public void A_reference_run_is_refused_a_summary()
    {
        var run = Reported();
        // RunFixture copies to <temp>/fixtures/full: <temp> stands for results/.
        string results = Path.GetDirectoryName(Path.GetDirectoryName(run.Path))!;
        File.WriteAllText(Path.Combine(results, "README.md"), $"# Results\n\n{RunArchive.ReferencesBegin}\n- `fixtures/full`\n{RunArchive.ReferencesEnd}\n");

        var (code, _, error) = RunFixture.Run("archive", run.Path, "--summary");

        code.Should().Be(2);
        error.Should().Contain("fixtures/full is a reference run");
        File.Exists(run.File(AnnotatedJson)).Should().BeTrue();
    }

    [Fact]
    public void Compare_refuses_a_summary_only_run_and_stability_reads_its_verdicts()
    {
        var complete = Reported();
        var summary = Reported();
        RunFixture.Run("archive", summary.Path, "--summary").Code.Should().Be(0);

        var compare = RunFixture.Run("compare", complete.Path, summary.Path);
        compare.Code.Should().Be(2);
        compare.Error.Should().Contain("is summary-only");

        var stability = RunFixture.Run("stability", complete.Path, summary.Path);
        stability.Code.Should().Be(0, stability.Error);
        stability.Output.Should().Contain("except run 2: summary-only").And.Contain("claims agree.**");
        stability.Output.Should().MatchRegex(@"\*\*(\d+) of \1 claims agree\.\*\*");
    }

    [Fact]
    public void All_archives_the_listed_runs_reduces_the_others_and_relinks_the_repository()
    {
        string repo = Path.Combine(Path.GetTempPath(), $"labreport-archive-{Guid.NewGuid():N}");
        try
        {
            string results = Path.Combine(repo, "results");
            CopyDirectory(Path.Combine(RunFixture.FixturesRoot, "full"), Path.Combine(results, "m", "ref"));
            CopyDirectory(Path.Combine(RunFixture.FixturesRoot, "full"), Path.Combine(results, "m", "old"));
            File.WriteAllText(Path.Combine(results, "README.md"), $"{RunArchive.ReferencesBegin}\n- `m/ref`\n{RunArchive.ReferencesEnd}\n");
            Directory.CreateDirectory(Path.Combine(repo, "docs"));
            string page = Path.Combine(repo, "docs", "page.md");
            File.WriteAllText(page, $"see [the JSON](../results/m/ref/{AnnotatedJson}) and [the old one](../results/m/old/{AnnotatedJson})\n");

            var (code, output, error) = RunFixture.Run("archive", "--all", results);

            code.Should().Be(0, error);
            output.Should().Contain("m/ref: ").And.Contain("(reference)").And.Contain("m/old: ").And.Contain("(summary only)");
            File.Exists(Path.Combine(results, "m", "ref", AnnotatedJson + ".gz")).Should().BeTrue();
            RunArchive.IsSummaryOnly(Path.Combine(results, "m", "old")).Should().BeTrue();
            // A link into a reference follows its file to .gz; one to a removed file is left for the author to see.
            File.ReadAllText(page).Should().Be($"see [the JSON](../results/m/ref/{AnnotatedJson}.gz) and [the old one](../results/m/old/{AnnotatedJson})\n");
            RunFixture.Run("archive", "--all", results).Output.Should().Contain("m/ref: 0 gzipped, 0 removed, 0 rewritten (reference)")
                .And.Contain("m/old: 0 gzipped, 0 removed, 0 rewritten (no raw reports)").And.Contain(": 0 markdown files");
        }
        finally
        {
            Directory.Delete(repo, recursive: true);
        }
    }

    private static void CopyDirectory(string source, string target)
    {
        Directory.CreateDirectory(target);
        foreach (string file in Directory.GetFiles(source))
        {
            File.Copy(file, Path.Combine(target, Path.GetFileName(file)));
        }

        foreach (string dir in Directory.GetDirectories(source))
        {
            CopyDirectory(dir, Path.Combine(target, Path.GetFileName(dir)));
        }
    }

    [Theory]
    [InlineData("- `amd/2026-11-27-full-5`\n- [`amd/2026-11-27-quick-4`](amd/2026-11-27-quick-4/report.md)\n", "amd/2026-11-27-full-5", "amd/2026-11-27-quick-4")]
    [InlineData("`results/amd/run` and `amd/run`", "amd/run")]
    [InlineData("", new string[0])]
    public void The_references_are_the_runs_named_between_the_markers(string list, params string[] expected) =>
        RunArchive.References($"`outside/run`\n{RunArchive.ReferencesBegin}\n{list}{RunArchive.ReferencesEnd}\n`after/run`\n").Should().Equal(expected);
}
