"""The app's pages, one per job; streamlit_app.py lists them in st.navigation."""
