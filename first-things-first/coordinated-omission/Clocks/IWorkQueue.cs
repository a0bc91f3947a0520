namespace CoordinatedOmission;

/// <summary>An unbounded FIFO queue between producer and consumer threads.</summary>
internal interface IWorkQueue<T>
{
    /// <summary>Appends an item; wakes one waiting consumer.</summary>
    void Add(T item);

    /// <summary>No more items will come: consumers drain what is left, then <see cref="TryTake"/> returns false.</summary>
    void CompleteAdding();

    /// <summary>Takes the oldest item, waiting while the queue is empty; false once it is empty and complete.</summary>
    bool TryTake(out T item);
}
