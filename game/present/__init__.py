"""What a screen shows, as data: the drawn table, the move picker, staging and previews, prompts, log items, scoring summaries and refusals, read from a seat's View. No pygame."""
