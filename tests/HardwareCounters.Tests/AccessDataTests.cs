namespace HardwareCounters.Tests;

public class AccessDataTests
{
    private const int N = 100_000;

    [Fact]
    public void The_indices_are_a_permutation_of_0_to_N_minus_1()
    {
        var (_, permutation) = AccessData.Create(N);

        permutation.Should().HaveCount(N);
        permutation.Order().Should().Equal(Enumerable.Range(0, N));
    }

    [Fact]
    public void The_permutation_is_shuffled_not_the_identity()
    {
        var (_, permutation) = AccessData.Create(N);

        int fixedPoints = permutation.Where((value, index) => value == index).Count();
        fixedPoints.Should().BeLessThan(10, "a random permutation has about one fixed point");
    }

    [Fact]
    public void Values_lie_in_1_to_999_and_use_the_whole_range()
    {
        var (values, _) = AccessData.Create(N);

        values.Should().OnlyContain(v => v >= AccessData.MinValue && v <= AccessData.MaxValue);
        values.Min().Should().Be(AccessData.MinValue);
        values.Max().Should().Be(AccessData.MaxValue);
    }

    [Fact]
    public void Seed_42_gives_the_same_data_every_time_and_another_seed_does_not()
    {
        var a = AccessData.Create(1000);
        var b = AccessData.Create(1000);
        var c = AccessData.Create(1000, seed: 7);

        a.Values.Should().Equal(b.Values);
        a.Permutation.Should().Equal(b.Permutation);
        c.Values.Should().NotEqual(a.Values);
    }

    [Fact]
    public void The_values_alone_match_the_values_built_with_the_permutation()
    {
        // The sequential standalone runner skips the shuffle; its data must still be the benchmark's.
        AccessData.CreateValues(N).Should().Equal(AccessData.Create(N).Values);
    }

    [Theory]
    [InlineData(1)]
    [InlineData(2)]
    [InlineData(1000)]
    [InlineData(N)]
    public void Both_benchmarks_compute_the_same_sum(int n)
    {
        var bench = new AccessPatterns { N = n };
        bench.Setup();

        long expected = AccessData.Create(n).Values.Sum();
        bench.SumSequential().Should().Be(expected);
        bench.SumRandom().Should().Be(expected);
    }

    [Fact]
    public void Fisher_Yates_makes_every_order_of_three_elements_about_equally_likely()
    {
        const int trials = 6000;
        var counts = new Dictionary<string, int>();
        for (int seed = 0; seed < trials; seed++)
        {
            string key = string.Join(",", AccessData.CreatePermutation(3, new Random(seed)));
            counts[key] = counts.GetValueOrDefault(key) + 1;
        }

        counts.Should().HaveCount(6);
        counts.Values.Should().OnlyContain(c => c > 800 && c < 1200, "each of the 6 orders should get about 1000 of 6000 seeds");
    }

    [Fact]
    public void Working_sets_are_8_bytes_per_element_sequential_and_12_random()
    {
        AccessData.SequentialWorkingSetBytes(1_000_000).Should().Be(8_000_000);
        AccessData.RandomWorkingSetBytes(1_000_000).Should().Be(12_000_000);
        AccessData.RandomWorkingSetBytes(AccessPatterns.LargeN).Should().Be(768_000_000);
    }

    [Fact]
    public void The_posts_sizes_are_the_benchmarks_params() =>
        AccessPatterns.Sizes.Should().Equal(1_000_000, 8_000_000, 64_000_000);
}
