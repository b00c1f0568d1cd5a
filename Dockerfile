FROM python:3.11-slim

ENV PYTHONDONTWRITEBYTECODE=1 PYTHONUNBUFFERED=1 DATABASE_PATH=/app/data/bot.sqlite3
WORKDIR /app

COPY pyproject.toml README.md ./
COPY bot ./bot
COPY cogs ./cogs
COPY games ./games
RUN pip install --no-cache-dir . \
    && useradd --create-home --uid 10001 fortbot \
    && mkdir -p /app/data \
    && chown fortbot:fortbot /app/data

USER fortbot
VOLUME ["/app/data"]
# The token comes from the environment: docker run --env-file .env -v fortbot-data:/app/data IMAGE
CMD ["python", "-m", "bot"]
