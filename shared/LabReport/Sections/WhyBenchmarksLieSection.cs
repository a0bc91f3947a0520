using LabReport.Charts;
using LabReport.RunFiles;

namespace LabReport.Sections;

/// <summary>Post 1: one optimization, three benchmarks, three verdicts.</summary>
public sealed class WhyBenchmarksLieSection : PostSection
{
    internal const string Threaded = "WhyBenchmarksLieBenchmark";
    internal const string Sequential = "WhyBenchmarksLieSequentialBenchmark";

    /// <inheritdoc />
    public override string Post => "why-benchmarks-lie";

    /// <inheritdoc />
    protected override IEnumerable<ClaimRow> Claims(SectionContext context)
    {
        var set = context.Benchmarks();
        BenchmarkResult? At(string @class, string method, string backend, int threads) =>
            set.Find(@class, method, ("Backend", backend), ("ThreadCount", threads.ToString(System.Globalization.CultureInfo.InvariantCulture)));

        yield return RatioClaim(context, "lazy", At(Sequential, "InsertSequential", "Striped", 1), At(Sequential, "InsertSequential", "Lock", 1),
            "InsertSequential Striped and Lock at 1 thread", throughput: true);
        yield return RatioClaim(context, "narrow-32", At(Threaded, "InsertNarrow", "Striped", 32), At(Threaded, "InsertNarrow", "Lock", 32),
            "InsertNarrow Striped and Lock at 32 threads", throughput: true);
        yield return RatioClaim(context, "realistic-32", At(Threaded, "InsertRealistic", "Striped", 32), At(Threaded, "InsertRealistic", "Lock", 32),
            "InsertRealistic Striped and Lock at 32 threads", throughput: true);
        yield return RatioClaim(context, "noflush-32", At(Threaded, "InsertRealisticNoFlush", "Lock", 32), At(Threaded, "InsertRealisticNoFlush", "Striped", 32),
            "InsertRealisticNoFlush Lock and Striped at 32 threads");
        yield return RatioClaim(context, "narrow-vs-realistic", At(Threaded, "InsertNarrow", "Striped", 32), At(Threaded, "InsertRealistic", "Striped", 32),
            "InsertNarrow and InsertRealistic, Striped at 32 threads", throughput: true);
    }

    /// <inheritdoc />
    protected override IEnumerable<ChartRef> Charts(SectionContext context) => WhyBenchmarksLieCharts.Draw(context);
}
