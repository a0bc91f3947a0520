using LabReport.RunFiles;

namespace LabReport.Tests;

/// <summary>
/// The rule that keeps results/ lean (LabReport archive): results/README.md lists the reference runs, which keep their
/// raw reports gzipped; every other run keeps its summary only; no committed run names the paths of its machine.
/// </summary>
public class ResultsRuleTests
{
    private static readonly string Results = Path.Combine(Bash.RepoRoot, "results");

    private static IReadOnlyList<string> References() =>
        RunArchive.References(File.ReadAllText(Path.Combine(Results, "README.md")));

    // results/<machine>/<run>, as "machine/run".
    private static IEnumerable<string> Runs() =>
        Directory.GetDirectories(Results).SelectMany(Directory.GetDirectories)
            .Select(RunArchive.NameOf).Order(StringComparer.Ordinal);

    [Fact]
    public void Every_machine_has_a_listed_reference_that_exists()
    {
        var references = References();
        references.Should().NotBeEmpty($"results/README.md lists the reference runs between {RunArchive.ReferencesBegin} and {RunArchive.ReferencesEnd}");
        references.Where(r => !Directory.Exists(Path.Combine(Results, r))).Should().BeEmpty("every listed reference is a run folder of results/");
        Directory.GetDirectories(Results).Select(Path.GetFileName).Where(m => !references.Any(r => r.StartsWith(m + "/", StringComparison.Ordinal)))
            .Should().BeEmpty("each machine keeps a reference run");
    }

    [Fact]
    public void Every_listed_run_is_complete_with_its_raw_files_gzipped()
    {
        foreach (string reference in References())
        {
            string run = Path.Combine(Results, reference);
            RunArchive.IsSummaryOnly(run).Should().BeFalse($"{reference} is a reference: it keeps its BenchmarkDotNet reports");
            File.Exists(Path.Combine(run, VerdictsFile.FileName)).Should().BeTrue($"{reference} has its verdicts");
            Directory.GetFiles(run, "*", SearchOption.AllDirectories).Where(RunArchive.IsRaw).Select(f => Path.GetRelativePath(Results, f))
                .Should().BeEmpty($"run 'LabReport archive {Path.Combine("results", reference)}' to gzip them");
        }
    }

    [Fact]
    public void Every_other_run_is_summary_only()
    {
        var references = References();
        Runs().Where(r => !references.Contains(r) && !RunArchive.IsSummaryOnly(Path.Combine(Results, r)))
            .Should().BeEmpty("a run not listed in results/README.md keeps its summary only ('LabReport archive RUN --summary')");
    }

    [Fact]
    public void No_committed_run_names_the_paths_of_its_machine()
    {
        var named = Directory.GetFiles(Results, "*", SearchOption.AllDirectories)
            .Where(f => RunArchive.IsText(f) && !f.EndsWith(RunArchive.GzSuffix, StringComparison.Ordinal))
            .Where(f => Path.GetFileName(f) != "README.md")
            .Where(f => RunArchive.StripMachinePaths(File.ReadAllText(f)) != File.ReadAllText(f))
            .Select(f => Path.GetRelativePath(Results, f));

        named.Should().BeEmpty("'LabReport archive RUN' replaces them");
    }
}
