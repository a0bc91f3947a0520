using MeasurementLab;
using StorageEngine;

namespace EnemiesOfMeasurement.Tests;

/// <summary>
/// Each enemy compares two methods that must compute the same thing; otherwise the ratio measures a different
/// workload, not the enemy. The tests call the benchmark methods themselves, after the same setup BenchmarkDotNet runs.
/// </summary>
public class EnemyPairTests
{
    [Fact]
    public void E1_cold_and_warm_sum_the_same_payload_and_match_an_independent_sum()
    {
        var bench = new E1_JitWarmup();
        bench.Setup();

        long expectedLength = Enumerable.Range(0, EnemyData.RowCount).Sum(k => (long)Row.GeneratedSize(k));
        long expectedSum = 0;
        for (int key = 0; key < EnemyData.RowCount; key++)
        {
            foreach (byte b in Row.Generate(key).Payload)
            {
                expectedSum += b;
            }
        }

        bench.Payload.Length.Should().Be((int)expectedLength, "every payload of the 100,000 rows is copied once, back to back");
        bench.SumPayloadCold().Should().Be(expectedSum);
        bench.SumPayloadWarm().Should().Be(expectedSum);
    }

    [Fact]
    public void E1_payload_keeps_row_order()
    {
        using var table = new StripedTable<int, Row>();
        for (int key = 0; key < 3; key++)
        {
            table.Insert(key, Row.Generate(key));
        }

        byte[] payload = E1_JitWarmup.ConcatenatePayloads(table, 3);

        byte[] expected = [.. Row.Generate(0).Payload, .. Row.Generate(1).Payload, .. Row.Generate(2).Payload];
        payload.Should().Equal(expected);
    }

    [Fact]
    public void E2_alloc_heavy_and_pre_allocated_leave_equal_tables()
    {
        var bench = new E2_GcPauses();
        bench.Setup();

        bench.IterationSetup();
        bench.Table.Count.Should().Be(0, "every iteration starts from a fresh table");
        bench.InsertAllocHeavy();
        var allocHeavy = bench.Table;

        bench.IterationSetup();
        bench.Table.Should().NotBeSameAs(allocHeavy);
        bench.InsertPreAllocated();
        var preAllocated = bench.Table;

        int[] keys = EnemyData.RandomKeys(EnemyData.RowCount, EnemyData.KeySpace, LabSeed.Value);
        int distinct = keys.Distinct().Count();
        distinct.Should().BeLessThan(EnemyData.RowCount, "keys drawn from [0, 200,000) repeat, so some inserts overwrite");
        allocHeavy.Count.Should().Be(distinct);
        preAllocated.Count.Should().Be(distinct);
        foreach (int key in keys.Distinct())
        {
            var a = allocHeavy.Get(key);
            var b = preAllocated.Get(key);
            a.Should().Be(b);
            a.IsGeneratedFor(key).Should().BeTrue();
        }
    }

    [Fact]
    public void E2_and_E3_draw_keys_from_the_post_range_with_seed_42()
    {
        int[] keys = EnemyData.RandomKeys(EnemyData.RowCount, EnemyData.KeySpace, LabSeed.Value);

        keys.Should().HaveCount(100_000);
        keys.Should().OnlyContain(k => k >= 0 && k < 200_000);
        keys.Should().Equal(EnemyData.RandomKeys(EnemyData.RowCount, EnemyData.KeySpace, LabSeed.Value), "the same seed gives the same keys");
        keys.Should().NotEqual(EnemyData.RandomKeys(EnemyData.RowCount, EnemyData.KeySpace, LabSeed.Value + 1));
    }

    [Fact]
    public void E3_methods_only_overwrite_the_pre_populated_table()
    {
        var bench = new E3_OsNoise();
        bench.Setup();
        int[] keys = EnemyData.RandomKeys(EnemyData.RowCount, EnemyData.KeySpace, LabSeed.Value);
        int distinct = keys.Distinct().Count();
        bench.Table.Count.Should().Be(distinct, "GlobalSetup inserts every key before measurement");

        bench.InsertBaseline();
        bench.Table.Count.Should().Be(distinct, "an overwrite does not grow the table");
        var afterBaseline = keys.Distinct().ToDictionary(k => k, k => bench.Table.Get(k));

        bench.InsertSame();
        bench.Table.Count.Should().Be(distinct);
        foreach (var (key, row) in afterBaseline)
        {
            bench.Table.Get(key).Should().BeSameAs(row, "both methods store the same pre-made row objects");
        }

        bench.Cleanup();
    }

    [Fact]
    public void E5_sorted_and_random_counts_are_equal_and_match_the_closed_form()
    {
        var bench = new E5_BranchPredictor { N = E5_BranchPredictor.DefaultN };
        bench.Setup();

        // 8,000,000 = 35,555 full cycles of 225 sizes + 125; 106 sizes per cycle exceed 150 (151..256),
        // and offsets 119..124 of the partial cycle (sizes 151..156) add 6.
        const int expected = (35_555 * 106) + 6;
        E5_BranchPredictor.ExpectedCount(E5_BranchPredictor.DefaultN, E5_BranchPredictor.Threshold).Should().Be(expected);
        bench.ScanSorted().Should().Be(expected);
        bench.ScanRandom().Should().Be(expected);
    }

    [Fact]
    public void E5_arrays_are_permutations_of_each_other_and_only_the_order_differs()
    {
        var bench = new E5_BranchPredictor { N = E5_BranchPredictor.DefaultN };
        bench.Setup();
        int[] sorted = [.. bench.SortedValues];
        int[] random = [.. bench.RandomValues];

        // 8,000,000 elements: compared as spans (FluentAssertions' collection assertions take seconds at this size).
        sorted.Should().HaveCount(E5_BranchPredictor.DefaultN);
        Enumerable.Range(1, sorted.Length - 1).All(i => sorted[i - 1] <= sorted[i]).Should().BeTrue("the sorted array is in ascending order");
        sorted[0].Should().Be(32);
        sorted[^1].Should().Be(256);

        int[] randomSorted = random.ToArray();
        Array.Sort(randomSorted);
        randomSorted.AsSpan().SequenceEqual(sorted).Should().BeTrue("the shuffled array holds exactly the same values");

        int inPlace = sorted.Where((v, i) => random[i] == v).Count();
        inPlace.Should().BeLessThan(sorted.Length / 10, "a real shuffle leaves few values where sorting put them");

        var again = new E5_BranchPredictor { N = E5_BranchPredictor.DefaultN };
        again.Setup();
        again.RandomValues.SequenceEqual(random).Should().BeTrue("the lab's seed makes the shuffle reproducible");
    }

    [Theory]
    [InlineData(0)]
    [InlineData(1)]
    [InlineData(119)]
    [InlineData(120)]
    [InlineData(225)]
    [InlineData(226)]
    [InlineData(1_000)]
    [InlineData(100_003)]
    public void E5_closed_form_count_agrees_with_a_direct_count(int n)
    {
        int direct = Enumerable.Range(0, n).Count(i => 32 + (i % 225) > 150);

        E5_BranchPredictor.ExpectedCount(n, 150).Should().Be(direct);
        E5_BranchPredictor.CountAbove(E5_BranchPredictor.SortedSizes(n), 150).Should().Be(direct);
    }

    [Fact]
    public void E6_preserved_checksum_equals_the_closed_form()
    {
        var bench = new E6_DeadCode { N = E6_DeadCode.DefaultN };

        // 10,000,000 = 44,444 cycles of 225 + 100: 32 * 10^7 + 44,444 * (0+...+224) + (0+...+99).
        const long expected = (32L * 10_000_000) + (44_444L * 25_200) + 4_950;
        E6_DeadCode.ExpectedChecksum(E6_DeadCode.DefaultN).Should().Be(expected);
        bench.ChecksumPreserved().Should().Be(expected);
    }

    [Theory]
    [InlineData(0)]
    [InlineData(1)]
    [InlineData(224)]
    [InlineData(225)]
    [InlineData(226)]
    [InlineData(12_345)]
    public void E6_closed_form_agrees_with_a_direct_sum_and_with_the_benchmark(int n)
    {
        long direct = 0;
        for (int i = 0; i < n; i++)
        {
            direct += 32 + (i % 225);
        }

        E6_DeadCode.ExpectedChecksum(n).Should().Be(direct);
        new E6_DeadCode { N = n }.ChecksumPreserved().Should().Be(direct);
    }
}
