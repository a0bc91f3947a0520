using MeasurementLab;

namespace HandRolledHarness.Tests;

public class SearchAndSortTests
{
    public static TheoryData<string> Sorts => [FunctionNames.SelectionSort, FunctionNames.Quicksort, FunctionNames.Heapsort];

    [Theory]
    [MemberData(nameof(Sorts))]
    public void Sorts_agree_with_Array_Sort_on_random_arrays(string name)
    {
        var sort = SortNamed(name);
        var random = new Random(20_150_916);
        for (int trial = 0; trial < 300; trial++)
        {
            int length = random.Next(0, 300);
            int range = random.Next(1, 50) * (trial % 3 == 0 ? 1 : 1_000_000);
            int[] input = Enumerable.Range(0, length).Select(_ => random.Next(-range, range)).ToArray();
            int[] expected = (int[])input.Clone();
            Array.Sort(expected);

            sort(input);

            input.Should().Equal(expected, $"trial {trial}, length {length}");
        }
    }

    [Theory]
    [MemberData(nameof(Sorts))]
    public void Sorts_handle_empty_one_element_sorted_and_reversed_arrays(string name)
    {
        var sort = SortNamed(name);
        int[] empty = [];
        int[] one = [42];
        int[] sorted = SearchAndSort.FillIntArray(1_000);
        int[] reversed = SearchAndSort.FillIntArray(1_000).Reverse().ToArray();

        sort(empty);
        sort(one);
        sort(sorted);
        sort(reversed);

        empty.Should().BeEmpty();
        one.Should().Equal(42);
        sorted.Should().Equal(SearchAndSort.FillIntArray(1_000));
        reversed.Should().Equal(SearchAndSort.FillIntArray(1_000));
    }

    [Theory]
    [InlineData(1)]
    [InlineData(2)]
    [InlineData(3)]
    [InlineData(100)]
    [InlineData(1_001)]
    public void Binary_search_finds_every_item_at_its_index(int size)
    {
        int[] array = SearchAndSort.FillIntArray(size);

        Enumerable.Range(0, size).Select(x => SearchAndSort.BinarySearch(x, array)).Should().Equal(Enumerable.Range(0, size));
    }

    [Fact]
    public void Binary_search_returns_minus_one_for_absent_items()
    {
        int[] odd = Enumerable.Range(0, 500).Select(i => (2 * i) + 1).ToArray();

        Enumerable.Range(0, 501).Select(i => SearchAndSort.BinarySearch(2 * i, odd)).Should().OnlyContain(index => index == -1);
        SearchAndSort.BinarySearch(int.MaxValue, odd).Should().Be(-1);
        SearchAndSort.BinarySearch(-5, odd).Should().Be(-1);
        SearchAndSort.BinarySearch(0, []).Should().Be(-1);
    }

    [Fact]
    public void Pseudorandom_items_are_the_same_for_the_same_seed_and_lie_in_range()
    {
        int[] first = SearchAndSort.PseudorandomItems(10_000, LabSeed.Value);
        int[] again = SearchAndSort.PseudorandomItems(10_000, LabSeed.Value);
        int[] other = SearchAndSort.PseudorandomItems(10_000, LabSeed.Value + 1);

        again.Should().Equal(first);
        other.Should().NotEqual(first);
        first.Should().OnlyContain(x => x >= 0 && x < 10_000);
        first.Distinct().Count().Should().BeGreaterThan(5_000, "uniform draws cover about 63% of the values");
    }

    [Fact]
    public void Shuffle_permutes_the_array()
    {
        int[] array = SearchAndSort.FillIntArray(1_000);

        SearchAndSort.Shuffle(array, new Random(1));

        array.Should().NotEqual(SearchAndSort.FillIntArray(1_000));
        array.Order().Should().Equal(SearchAndSort.FillIntArray(1_000));
    }

    [Fact]
    public void Every_binary_search_design_searches_the_data_of_its_size()
    {
        var data = new BinarySearchData(1_600);

        BinarySearchDesigns.SameItem(7, data).Should().Be(data.SuccessItem);
        BinarySearchDesigns.PseudorandomItem(1_605, data).Should().Be(data.Items[5]);
        BinarySearchDesigns.GetPseudorandomItem(3_201, data).Should().Be(data.Items[1]);
        BinarySearchDesigns.GeneratedItem(0, data).Should().BeInRange(0, 1_599);
        BinarySearchDesigns.RandomIndex(0, data).Should().BeInRange(0, 1_599);
        BinarySearchData.SuccessItemFor(100).Should().Be(49, "just before the middle");
    }

    [Fact]
    public void Sort_benchmarkable_shuffles_in_setup_and_sorts_in_the_call()
    {
        var benchmarkable = new SortBenchmarkable(SearchAndSort.Heapsort, 500);

        benchmarkable.Setup();
        benchmarkable.Array.Should().NotBeInAscendingOrder();
        benchmarkable.Call(0);
        benchmarkable.Array.Should().Equal(SearchAndSort.FillIntArray(500));
    }

    private static Action<int[]> SortNamed(string name) =>
        ((SortFunction)FunctionCatalog.Find(name)!).Sort;
}
