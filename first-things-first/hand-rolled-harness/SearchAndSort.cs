namespace HandRolledHarness;

/// <summary>The note's search and sort routines (sections 4.3, 5, 6 and 11) on int arrays.</summary>
public static class SearchAndSort
{
    /// <summary>The dense sorted array 0, 1, ..., n-1.</summary>
    public static int[] FillIntArray(int n)
    {
        var array = new int[n];
        for (int i = 0; i < n; i++)
        {
            array[i] = i;
        }

        return array;
    }

    /// <summary>n items drawn uniformly from [0, n): the same array for the same seed.</summary>
    public static int[] PseudorandomItems(int n, int seed)
    {
        var random = new Random(seed);
        var items = new int[n];
        for (int i = 0; i < n; i++)
        {
            items[i] = random.Next(n);
        }

        return items;
    }

    /// <summary>Fisher-Yates: every permutation equally likely.</summary>
    public static void Shuffle(int[] array, Random random)
    {
        ArgumentNullException.ThrowIfNull(array);
        ArgumentNullException.ThrowIfNull(random);
        for (int i = array.Length - 1; i > 0; i--)
        {
            int j = random.Next(i + 1);
            (array[i], array[j]) = (array[j], array[i]);
        }
    }

    /// <summary>The index of <paramref name="x"/> in the sorted <paramref name="array"/>, or -1 when absent.</summary>
    public static int BinarySearch(int x, int[] array)
    {
        int low = 0, high = array.Length - 1;
        while (low <= high)
        {
            int middle = low + ((high - low) / 2);
            int item = array[middle];
            if (item < x)
            {
                low = middle + 1;
            }
            else if (item > x)
            {
                high = middle - 1;
            }
            else
            {
                return middle;
            }
        }

        return -1;
    }

    /// <summary>Quadratic: for each position, swap in the smallest of the rest.</summary>
    public static void SelectionSort(int[] array)
    {
        for (int i = 0; i < array.Length - 1; i++)
        {
            int least = i;
            for (int j = i + 1; j < array.Length; j++)
            {
                if (array[j] < array[least])
                {
                    least = j;
                }
            }

            (array[i], array[least]) = (array[least], array[i]);
        }
    }

    /// <summary>Hoare partition around the middle element; recursion on the smaller part keeps the stack at log n.</summary>
    public static void Quicksort(int[] array)
    {
        ArgumentNullException.ThrowIfNull(array);
        Quicksort(array, 0, array.Length - 1);
    }

    private static void Quicksort(int[] array, int low, int high)
    {
        while (low < high)
        {
            int pivot = array[low + ((high - low) / 2)];
            int i = low, j = high;
            while (i <= j)
            {
                while (array[i] < pivot)
                {
                    i++;
                }

                while (array[j] > pivot)
                {
                    j--;
                }

                if (i <= j)
                {
                    (array[i], array[j]) = (array[j], array[i]);
                    i++;
                    j--;
                }
            }

            if (j - low < high - i)
            {
                Quicksort(array, low, j);
                low = i;
            }
            else
            {
                Quicksort(array, i, high);
                high = j;
            }
        }
    }

    /// <summary>Build a max-heap in place, then move the largest to the end and restore the heap, n times.</summary>
    public static void Heapsort(int[] array)
    {
        ArgumentNullException.ThrowIfNull(array);
        for (int start = (array.Length / 2) - 1; start >= 0; start--)
        {
            SiftDown(array, start, array.Length);
        }

        for (int end = array.Length - 1; end > 0; end--)
        {
            (array[0], array[end]) = (array[end], array[0]);
            SiftDown(array, 0, end);
        }
    }

    private static void SiftDown(int[] array, int parent, int size)
    {
        int item = array[parent];
        while (true)
        {
            int child = (2 * parent) + 1;
            if (child >= size)
            {
                break;
            }

            if (child + 1 < size && array[child + 1] > array[child])
            {
                child++;
            }

            if (array[child] <= item)
            {
                break;
            }

            array[parent] = array[child];
            parent = child;
        }

        array[parent] = item;
    }
}
