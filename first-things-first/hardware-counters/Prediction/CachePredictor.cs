using System.Globalization;
using System.Text;
using MeasurementLab.Caches;
using MeasurementLab;

namespace HardwareCounters.Prediction;

/// <summary>
/// The post's falsifiable prediction, made by the program from this machine's caches (the best source of
/// <see cref="CacheSources"/>: sysfs when it agrees with the latency sweep, else the sweep) instead of by the reader:
/// SumRandom's loads stop hitting a cache once its working set (long[] + int[]) outgrows the last-level cache,
/// while SumSequential stays prefetched, so the Random/Sequential ratio should jump at that size and not elsewhere.
/// Pure: sizes and topology in, text and verdicts out.
/// </summary>
public static class CachePredictor
{
    /// <summary>A ratio that grows by at least this factor between two sizes counts as a jump (+20%).</summary>
    public const double JumpThreshold = 1.2;

    /// <summary>A working set above this share of its cache is "near capacity": other data may evict it early.</summary>
    public const double NearCapacityFraction = 0.75;

    /// <summary>Level name for working sets that fit no cache.</summary>
    public const string Dram = "DRAM";

    /// <summary>Predicts levels and the cliff for the given sizes.</summary>
    public static CliffPrediction Predict(CacheTopology caches, IEnumerable<int> sizes)
    {
        ArgumentNullException.ThrowIfNull(caches);
        ArgumentNullException.ThrowIfNull(sizes);
        var ordered = sizes.Distinct().Order().ToList();
        var rows = ordered.Select(n => Row(caches, n)).ToList();
        int? cliff = null;
        if (caches.IsKnown)
        {
            for (int i = 1; i < rows.Count && cliff is null; i++)
            {
                if (rows[i].RandomLevel == Dram && rows[i - 1].RandomLevel != Dram)
                {
                    cliff = i;
                }
            }
        }

        return new CliffPrediction(rows, cliff, caches.ToString(), caches.LastLevel, caches.LastLevelInstances) { Source = caches.Source };
    }

    /// <summary>The prediction as markdown: a table of levels and the sentence saying where the ratio should jump.</summary>
    public static string Describe(CliffPrediction prediction)
    {
        ArgumentNullException.ThrowIfNull(prediction);
        var text = new StringBuilder();
        text.AppendLine(Invariant($"Caches ({prediction.Source}, per instance): {prediction.Caches}."));
        if (prediction.LastLevelInstances > 1)
        {
            text.AppendLine(Invariant($"The machine has {prediction.LastLevelInstances} separate last-level caches (sockets or core complexes); one thread uses one of them."));
        }

        text.AppendLine();
        var table = new MarkdownTable(["N", "SumSequential: long[] (8N)", "SumRandom: long[] + int[] (12N)"], [ColumnAlignment.Right, ColumnAlignment.Left, ColumnAlignment.Left]);
        foreach (var row in prediction.Sizes)
        {
            string near = row.RandomNearCapacity ? " (near capacity)" : "";
            table.Row(
                Invariant($"{row.N:N0}"),
                $"{CacheTopology.FormatBytes(row.SequentialBytes)} → {row.SequentialLevel}",
                $"{CacheTopology.FormatBytes(row.RandomBytes)} → {row.RandomLevel}{near}");
        }

        text.Append(table);

        text.AppendLine();
        text.AppendLine(CliffSentence(prediction));
        return text.ToString();
    }

    /// <summary>Where the ratio should jump, in one paragraph.</summary>
    public static string CliffSentence(CliffPrediction prediction)
    {
        ArgumentNullException.ThrowIfNull(prediction);
        if (!prediction.CachesKnown)
        {
            return $"No prediction: this machine's cache sizes are unknown ({prediction.Caches}).";
        }

        var llc = prediction.LastLevel!;
        string llcText = $"{llc.Name} ({CacheTopology.FormatBytes(llc.SizeBytes)})";
        if (prediction.CliffIndex is not { } c)
        {
            return prediction.Sizes.All(s => s.RandomLevel == Dram)
                ? $"Expected: no cliff within these sizes. SumRandom's working set exceeds the {llcText} at every N, so the ratio should already be high at the smallest size and stay roughly flat."
                : $"Expected: no cliff within these sizes. SumRandom's working set fits the {llcText} at every N, so the ratio should stay roughly flat.";
        }

        var before = prediction.Sizes[c - 1];
        var after = prediction.Sizes[c];
        var text = new StringBuilder(Invariant(
            $"Expected cliff: the SumRandom/SumSequential ratio should jump between N={before.N:N0} and N={after.N:N0}, where SumRandom's working set ({CacheTopology.FormatBytes(before.RandomBytes)} → {CacheTopology.FormatBytes(after.RandomBytes)}) outgrows the {llcText} and its loads start going to DRAM, while SumSequential stays prefetched."));
        if (c + 1 < prediction.Sizes.Count)
        {
            text.Append(Invariant($" Beyond N={after.N:N0} every size is DRAM-resident: the caches predict no second jump (TLB misses and NUMA placement may still add some)."));
        }

        if (before.RandomNearCapacity)
        {
            text.Append(Invariant($" Caveat: at N={before.N:N0} SumRandom already fills more than {NearCapacityFraction * 100:0}% of its cache, so the jump may start there."));
        }

        return text.ToString();
    }

    /// <summary>Compares the measured ratios with the prediction.</summary>
    public static PredictionCheck Check(CliffPrediction prediction, IReadOnlyList<RatioObservation> observations)
    {
        ArgumentNullException.ThrowIfNull(prediction);
        ArgumentNullException.ThrowIfNull(observations);
        var byN = observations.GroupBy(o => o.N).ToDictionary(g => g.Key, g => g.First());
        var measured = prediction.Sizes.Where(s => byN.ContainsKey(s.N)).Select(s => byN[s.N]).ToList();
        var steps = new List<RatioStep>();
        for (int i = 1; i < measured.Count; i++)
        {
            var a = measured[i - 1];
            var b = measured[i];
            double factor = b.Ratio / a.Ratio;
            bool separated = !(a.HasInterval && b.HasInterval) || b.RatioLower > a.RatioUpper;
            steps.Add(new RatioStep(a.N, b.N, factor, factor >= JumpThreshold && separated));
        }

        string intervals = measured.All(o => o.HasInterval)
            ? ""
            : " (no confidence intervals for some sizes — too few iterations — so jumps were judged on the means alone)";
        if (!prediction.CachesKnown)
        {
            return new PredictionCheck(PredictionVerdict.Inconclusive, "No verdict: the cache sizes were unknown, so nothing was predicted.", steps);
        }

        if (measured.Count < 2)
        {
            return new PredictionCheck(PredictionVerdict.Inconclusive, "No verdict: fewer than two sizes have both benchmarks measured.", steps);
        }

        var significant = steps.Where(s => s.Significant).ToList();
        if (prediction.CliffIndex is not { } c)
        {
            return significant.Count == 0
                ? new PredictionCheck(PredictionVerdict.Agrees, "Agrees: no cliff was predicted and the ratio did not jump." + intervals, steps)
                : new PredictionCheck(PredictionVerdict.Disagrees,
                    $"Disagrees: no cliff was predicted, but the ratio jumped {Describe(significant.MaxBy(s => s.Factor)!)}." + intervals, steps);
        }

        int from = prediction.Sizes[c - 1].N, to = prediction.Sizes[c].N;
        var predicted = steps.FirstOrDefault(s => s.From == from && s.To == to);
        if (predicted is null)
        {
            return new PredictionCheck(PredictionVerdict.Inconclusive,
                Invariant($"No verdict: the predicted cliff lies between N={from:N0} and N={to:N0}, and those two sizes were not both measured."), steps);
        }

        var others = significant.Where(s => s != predicted).ToList();
        if (predicted.Significant)
        {
            string also = others.Count == 0
                ? " No other jump."
                : " Another jump: " + string.Join("; ", others.Select(Describe)) + ".";
            return new PredictionCheck(PredictionVerdict.Agrees, $"Agrees: the ratio jumped {Describe(predicted)}, where predicted.{also}" + intervals, steps);
        }

        string instead = others.Count == 0 ? " It did not jump anywhere else either." : " It jumped " + string.Join("; ", others.Select(Describe)) + " instead.";
        return new PredictionCheck(PredictionVerdict.Disagrees,
            Invariant($"Disagrees: predicted a jump between N={from:N0} and N={to:N0}, but the ratio changed only ×{predicted.Factor:0.00} there") +
            Invariant($" (a jump needs ×{JumpThreshold:0.0#} with non-overlapping intervals).") + instead + intervals, steps);
    }

    /// <summary>The measured ratios and the verdict as markdown.</summary>
    public static string DescribeCheck(CliffPrediction prediction, IReadOnlyList<RatioObservation> observations, PredictionCheck check)
    {
        ArgumentNullException.ThrowIfNull(prediction);
        ArgumentNullException.ThrowIfNull(observations);
        ArgumentNullException.ThrowIfNull(check);
        var text = new StringBuilder();
        var table = new MarkdownTable(
            ["N", "SumRandom level", "Ratio (Random/Sequential)", "Ratio range from 99.9% CIs"],
            [ColumnAlignment.Right, ColumnAlignment.Left, ColumnAlignment.Right, ColumnAlignment.Left]);
        foreach (var row in prediction.Sizes)
        {
            var o = observations.FirstOrDefault(x => x.N == row.N);
            string ratio = o is null ? "not measured" : Invariant($"{o.Ratio:0.00}×");
            string range = o is null || !o.HasInterval ? "n/a" : Invariant($"[{o.RatioLower:0.00}×; {o.RatioUpper:0.00}×]");
            table.Row(Invariant($"{row.N:N0}"), row.RandomLevel, ratio, range);
        }

        text.Append(table);

        text.AppendLine();
        text.AppendLine(check.Message);
        return text.ToString();
    }

    private static string Describe(RatioStep s) => Invariant($"×{s.Factor:0.00} between N={s.From:N0} and N={s.To:N0}");

    private static WorkingSetPrediction Row(CacheTopology caches, int n)
    {
        long sequential = AccessData.SequentialWorkingSetBytes(n);
        long random = AccessData.RandomWorkingSetBytes(n);
        if (!caches.IsKnown)
        {
            return new WorkingSetPrediction(n, sequential, random, "unknown", "unknown", false);
        }

        string randomLevel = caches.Classify(random);
        var level = caches.Levels.FirstOrDefault(l => l.Name == randomLevel);
        bool near = level is not null && random > level.SizeBytes * NearCapacityFraction;
        return new WorkingSetPrediction(n, sequential, random, caches.Classify(sequential), randomLevel, near);
    }

    private static string Invariant(FormattableString s) => s.ToString(CultureInfo.InvariantCulture);
}
