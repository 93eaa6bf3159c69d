"""The Streamlit app (DESIGN.md section 1): streamlit_app.py routes to pages/, which share components/."""
